import { Stack, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/** One part of a portal page, named by its heading (a region a screen reader can jump to). */
export function PortalSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="md" maw={960}>
      <Title order={2} id={id} fz="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

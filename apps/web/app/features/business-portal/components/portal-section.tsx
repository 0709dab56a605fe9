import { Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/**
 * One part of a portal page, named by its heading (a region a screen reader can jump to); `lead`, the
 * paragraph it opens with (see SECTION_LEADS).
 */
export function PortalSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="md" maw={960}>
      <Title order={2} id={id} fz="h3">
        {title}
      </Title>
      {lead && <Text maw={640}>{lead}</Text>}
      {children}
    </Stack>
  );
}

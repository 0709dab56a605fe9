import { Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { PORTAL_SECTIONS, type PortalSectionPath } from "../sections";

/**
 * One part of a portal page, named by its heading (a region a screen reader can jump to): a section
 * of the menu (`of`), with its heading and the paragraph it opens with (PORTAL_SECTIONS), or a part
 * of one under its own `title`.
 */
export function PortalSection(
  props: ({ of: PortalSectionPath } | { title: string }) & { children: ReactNode },
) {
  const id = useId();
  const { heading, lead } =
    "of" in props ? PORTAL_SECTIONS[props.of] : { heading: props.title, lead: undefined };
  return (
    <Stack component="section" aria-labelledby={id} gap="md" maw={960}>
      <Title order={2} id={id} fz="h3">
        {heading}
      </Title>
      {lead && <Text maw={640}>{lead}</Text>}
      {props.children}
    </Stack>
  );
}

import { Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A page's title, its line of intro, and `action` (a button for the whole page) beside them. */
export function PageHeading({
  title,
  intro,
  action,
}: {
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md">
      <div>
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          {title}
        </Title>
        {intro && <Text c="dimmed">{intro}</Text>}
      </div>
      {action}
    </Group>
  );
}

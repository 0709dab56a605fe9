import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { formatCount } from "../../lib/format";

/** A list's heading with how many it holds ("Users Table (12)"), and what goes beside it (a badge). */
export function ListTitle({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" align="center">
      <Title order={2} fz="h3">
        {title}
        {count === undefined ? "" : ` (${formatCount(count)})`}
      </Title>
      {children}
    </Group>
  );
}

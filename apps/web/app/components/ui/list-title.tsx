import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { formatCount } from "../../lib/format";

/**
 * A list's heading with how many it holds ("Users Table (12)"), or, while a filter narrows it, how
 * many of them it shows ("Pending review: 1 of 13 contents"); and what goes beside it (a badge).
 */
export function ListTitle({
  title,
  count,
  shown,
  children,
}: {
  title: string;
  count?: number;
  /** Filtered: how many the filter shows, and what they are ("contents"). */
  shown?: { count: number; noun: string } | undefined;
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" align="center">
      <Title order={2} fz="h3">
        {title}
        {count === undefined
          ? ""
          : shown
            ? `: ${formatCount(shown.count)} of ${formatCount(count)} ${shown.noun}`
            : ` (${formatCount(count)})`}
      </Title>
      {children}
    </Group>
  );
}

import { Badge } from "@mantine/core";

export interface StateLook {
  label: string;
  color: string;
}

/** A record's state as a small light badge (Paid, Pending, Unread, …). */
export function StateBadge({ look }: { look: StateLook }) {
  return (
    <Badge variant="light" color={look.color} radius="sm" miw="max-content">
      {look.label}
    </Badge>
  );
}

/** Select options for these states, labelled as their badges are. */
export function stateOptionsOf<S extends string>(states: readonly S[], looks: Record<S, StateLook>) {
  return states.map((value) => ({ value, label: looks[value].label }));
}

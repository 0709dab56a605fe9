import { Anchor, Group, Paper, Stack, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";

interface DashboardPanelProps {
  title: string;
  /** A link to the whole list ("See all data"). */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** One titled card of the dashboard. */
export function DashboardPanel({ title, more, children }: DashboardPanelProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p={{ base: "sm", sm: "md" }}
      h="100%"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id={titleId}>
            {title}
          </Title>
          {more && (
            <Anchor component={Link} to={more.to} size="sm" fw={600}>
              {more.label}
            </Anchor>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

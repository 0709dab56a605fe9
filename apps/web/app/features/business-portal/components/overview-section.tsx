import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { RENEW_WINDOW_DAYS, SEAT_STATES } from "@serene/contract/business";
import { Link, useSearchParams } from "react-router";
import { formatDate, plural } from "../../../lib/format";
import { usePortal, usePortalPath } from "../portal-context";
import { PortalSection } from "./portal-section";
import { SEAT_STATE_WORDS } from "./seat-state-badge";

/** The business at a glance: its seats by state, the next expiry, and what there is to do. */
export function OverviewSection() {
  const { business } = usePortal();
  const pathTo = usePortalPath();
  const [params] = useSearchParams();
  const free = business.seats.unsent + business.seats.freed;
  return (
    <PortalSection of="">
      {params.get("checkout") === "cancelled" && (
        <Alert role="status" color="yellow" variant="light">
          Your checkout was cancelled and nothing was charged.
        </Alert>
      )}
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" m={0}>
        {(["total", ...SEAT_STATES] as const).map((k) => (
          <Paper key={k} withBorder p="sm">
            <Text component="dt" size="sm" c="dimmed">
              {k === "total" ? "All seats" : SEAT_STATE_WORDS[k]}
            </Text>
            <Text component="dd" m={0} fz="h3" fw={700}>
              {business.seats[k]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text>
        {business.nextExpiry
          ? `Next expiry: ${plural(business.nextExpiry.seats, "seat")} on ${formatDate(business.nextExpiry.date)}.`
          : "No redeemed seat expires yet."}
      </Text>
      {(free > 0 || business.renewable > 0) && (
        <Stack component="ul" aria-label="To do" p={0} m={0} style={{ listStyle: "none" }} gap="xs">
          {free > 0 && (
            <Group component="li" justify="space-between">
              <Text>{plural(free, "seat")} free to give.</Text>
              <Button component={Link} to={pathTo("invite")}>
                Invite people
              </Button>
            </Group>
          )}
          {business.renewable > 0 && (
            <Group component="li" justify="space-between">
              <Text>
                {plural(business.renewable, "seat expires", "seats expire")} within {RENEW_WINDOW_DAYS} days.
              </Text>
              <Button component={Link} to={pathTo("billing")}>
                Renew seats
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </PortalSection>
  );
}

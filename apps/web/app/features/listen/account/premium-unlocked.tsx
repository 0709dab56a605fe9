import { Alert, Button, Stack } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { Entitlement } from "@serene/contract";
import { Link } from "react-router";
import { EmployerNote } from "./employer-note";
import { formatLongDate } from "../shared/format";

/** What a redeemed code or a taken seat unlocked, and the way in: one panel for both. */
export function PremiumUnlocked({
  title,
  entitlement,
  showDaysLeft = false,
}: {
  title: string;
  entitlement: Entitlement;
  showDaysLeft?: boolean;
}) {
  const until = entitlement.paidUntil && formatLongDate(entitlement.paidUntil);
  return (
    <Stack gap="md" role="status">
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden="true" />} title={title}>
        {until
          ? `Every meditation, sleep story and course is yours until ${until}${showDaysLeft ? ` (${entitlement.daysLeft} days)` : ""}.`
          : "Everything is unlocked."}
        <EmployerNote />
      </Alert>
      <Button component={Link} to="/listen" size="md" fullWidth>
        Start listening
      </Button>
    </Stack>
  );
}

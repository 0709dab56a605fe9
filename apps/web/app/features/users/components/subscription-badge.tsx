import { Badge } from "@mantine/core";

/** The SUBSCRIPTION column: the status followed by "Mode"; green when paid, the warning colour otherwise. */
export function SubscriptionBadge({ status }: { status: string }) {
  const paid = status === "paid";
  const label = status ? `${status[0]!.toUpperCase()}${status.slice(1)}` : "Free";
  return (
    <Badge color={paid ? "green" : "yellow"} variant="light" radius="sm" miw="max-content">
      {label} Mode
    </Badge>
  );
}

/** A user the back office created who has not yet used the invitation (chosen a password). */
export function InvitedBadge() {
  return (
    <Badge color="gray" variant="outline" radius="sm" miw="max-content">
      Invited
    </Badge>
  );
}

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

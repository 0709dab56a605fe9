import { Badge } from "@mantine/core";
import type { Resource } from "@serene/contract";

/** The MODE column: paid in green, anything else in the warning colour. */
export function PaymentBadge({ paymentType }: { paymentType: Resource["paymentType"] }) {
  const paid = paymentType === "paid";
  return (
    <Badge color={paid ? "green" : "yellow"} variant="light" radius="sm" miw="max-content">
      {paid ? "Paid" : "Free"}
    </Badge>
  );
}

import { Button, Group, NumberInput, Text } from "@mantine/core";
import { MAX_SEATS, MIN_ADD_SEATS, PRICE_PER_SEAT_CENTS, totalCents } from "@serene/contract/business";
import { type FormEvent, useState } from "react";
import { formatMoney, plural } from "../../../lib/format";
import { portalApi, usePortalWrite } from "../api";
import { usePortal } from "../portal-context";
import { PortalSection } from "./portal-section";

/** More seats, 1 to 100 at a time: the total shown before the payment page. */
export function MoreSeatsSection() {
  const { businessId } = usePortal();
  const [seats, setSeats] = useState<number | string>(1);
  const count = typeof seats === "number" && Number.isInteger(seats) ? seats : 0;
  const valid = count >= MIN_ADD_SEATS && count <= MAX_SEATS;
  const checkout = usePortalWrite(
    businessId,
    (n: number) => portalApi.checkout(businessId, { kind: "add", seats: n }),
    {
      saved: "Opening the payment page…",
      failed: "The payment page did not open",
    },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid) checkout.mutate(count, { onSuccess: (url) => window.location.assign(url) });
  };
  return (
    <PortalSection of="billing">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={`Seats to add (${MIN_ADD_SEATS}-${MAX_SEATS}, ${formatMoney(PRICE_PER_SEAT_CENTS)} each per year)`}
            value={seats}
            onChange={setSeats}
            min={MIN_ADD_SEATS}
            max={MAX_SEATS}
            allowDecimal={false}
            error={valid ? undefined : `Choose from ${MIN_ADD_SEATS} to ${MAX_SEATS} seats.`}
            w={320}
          />
          <Button type="submit" loading={checkout.isPending} disabled={!valid}>
            Go to payment
          </Button>
        </Group>
      </form>
      {valid && (
        <Text aria-live="polite">
          Total: {formatMoney(totalCents(count))} for {plural(count, "seat")}, 12 months each from redemption.
        </Text>
      )}
    </PortalSection>
  );
}

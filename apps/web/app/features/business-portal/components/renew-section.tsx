import { Button, Checkbox, Stack, Text } from "@mantine/core";
import { PRICE_PER_SEAT_CENTS, RENEW_WINDOW_DAYS } from "@serene/contract/business";
import { type FormEvent, useState } from "react";
import { formatDate, formatMoney, plural } from "../../../lib/format";
import { portalApi, usePortalWrite, useSeats } from "../api";
import { usePortal } from "../portal-context";
import { seatPerson } from "../seat-order";
import { PortalSection } from "./portal-section";

/**
 * Every redeemed seat expiring within 60 days, soonest first (the server picks them, a page of
 * PAGE_SIZE at a time), chosen and renewed for 12 months through the checkout; the total shown before paying.
 */
export function RenewSection() {
  const { businessId } = usePortal();
  const due = useSeats(businessId, { expiringWithinDays: RENEW_WINDOW_DAYS });
  // The seats left out: every seat due is chosen unless unticked.
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const chosen = (due.items ?? []).filter((seat) => !skipped.has(seat._id)).map((seat) => seat._id);
  const checkout = usePortalWrite(
    businessId,
    (seatIds: string[]) => portalApi.checkout(businessId, { kind: "renew", seatIds }),
    { saved: "Opening the payment page…", failed: "The payment page did not open" },
  );
  const toggle = (id: string) =>
    setSkipped((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    checkout.mutate(chosen, { onSuccess: (url) => window.location.assign(url) });
  };
  return (
    <PortalSection title="Renewals">
      {due.items?.length === 0 && <Text>No seat expires within {RENEW_WINDOW_DAYS} days.</Text>}
      {due.items && due.items.length > 0 && (
        <form onSubmit={submit}>
          <Stack>
            <Stack component="fieldset" gap="xs" m={0} p={0} style={{ border: 0 }}>
              <Text component="legend" mb="xs">
                Seats expiring within {RENEW_WINDOW_DAYS} days, soonest first (renewed for 12 months from
                their expiry)
              </Text>
              {due.items.map((seat) => (
                <Checkbox
                  key={seat._id}
                  checked={!skipped.has(seat._id)}
                  onChange={() => toggle(seat._id)}
                  label={`${seatPerson(seat) || "A redeemed seat"}, expires ${seat.expiresAt ? formatDate(seat.expiresAt) : "—"}`}
                />
              ))}
            </Stack>
            {due.hasMore && (
              <Button variant="default" onClick={due.more} loading={due.loadingMore} w="fit-content">
                Show more seats to renew
              </Button>
            )}
            <Text aria-live="polite">
              Total: {formatMoney(chosen.length * PRICE_PER_SEAT_CENTS)} for {plural(chosen.length, "seat")}.
            </Text>
            <Button type="submit" loading={checkout.isPending} disabled={chosen.length === 0} w="fit-content">
              Go to payment
            </Button>
          </Stack>
        </form>
      )}
    </PortalSection>
  );
}

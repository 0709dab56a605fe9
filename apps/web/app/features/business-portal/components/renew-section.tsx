import { RENEW_WINDOW_DAYS } from "@serene/contract/business";
import { type FormEvent, useCallback } from "react";
import { FormAlert } from "../../../components/site/field";
import { portalApi } from "../portal-api";
import { useCursorPages } from "./use-cursor-pages";
import { usePortalAction } from "./use-portal-action";

/**
 * Every redeemed seat expiring within 60 days, soonest first (the server picks them, 100 at a
 * time), chosen and renewed for 12 months through the checkout.
 */
export function RenewSection({ businessId, version }: { businessId: string; version: number }) {
  const load = useCallback(
    (cursor?: string) => portalApi.seats(businessId, { expiringWithinDays: RENEW_WINDOW_DAYS }, cursor),
    [businessId],
  );
  const { items: due, hasMore, more, error, busy } = useCursorPages(load, version);
  const checkout = usePortalAction();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const seatIds = new FormData(event.currentTarget).getAll("seatIds").map(String);
    void checkout.run(portalApi.checkout(businessId, { kind: "renew", seatIds }), (url) =>
      window.location.assign(url),
    );
  };
  return (
    <section aria-labelledby="renew-title" className="stack">
      <h2 id="renew-title">Renewals</h2>
      {(error ?? checkout.error) && (
        <FormAlert>
          <p>{error ?? checkout.error}</p>
        </FormAlert>
      )}
      {due === null ? null : due.length === 0 ? (
        <p>No seat expires within {RENEW_WINDOW_DAYS} days.</p>
      ) : (
        <form className="stack" onSubmit={submit}>
          <fieldset className="portal__choices">
            <legend>
              Seats expiring within {RENEW_WINDOW_DAYS} days, soonest first (renewed for 12 months from their
              expiry)
            </legend>
            {due.map((seat) => (
              <label key={seat._id}>
                <input type="checkbox" name="seatIds" value={seat._id} defaultChecked />{" "}
                {seat.listener?.email ?? seat.invitedEmail ?? "A redeemed seat"}, expires{" "}
                {seat.expiresAt?.slice(0, 10)}
              </label>
            ))}
          </fieldset>
          {hasMore && (
            <button type="button" className="button button--quiet" onClick={more} disabled={busy}>
              Show more seats to renew
            </button>
          )}
          <button className="button" type="submit" disabled={busy || checkout.busy}>
            Renew the chosen seats
          </button>
        </form>
      )}
    </section>
  );
}

import type { Seat } from "@serene/contract";
import { RENEW_WINDOW_DAYS } from "@serene/contract/business";
import { type FormEvent, useEffect, useState } from "react";
import { FormAlert } from "../../../components/site/field";
import { portalApi } from "../portal-api";
import { usePortalAction } from "./use-portal-action";

const DAY = 24 * 3600 * 1000;

/** Redeemed seats expiring within 60 days, chosen and renewed for 12 months through the checkout. */
export function RenewSection({ businessId, version }: { businessId: string; version: number }) {
  const [due, setDue] = useState<Seat[] | null>(null);
  const { error, busy, run } = usePortalAction();
  useEffect(() => {
    void run(portalApi.seats(businessId, "redeemed"), (page) =>
      setDue(
        page.data.filter(
          (seat) => seat.expiresAt && Date.parse(seat.expiresAt) - Date.now() <= RENEW_WINDOW_DAYS * DAY,
        ),
      ),
    );
  }, [businessId, version, run]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const seatIds = new FormData(event.currentTarget).getAll("seatIds").map(String);
    void run(portalApi.checkout(businessId, { kind: "renew", seatIds }), (url) =>
      window.location.assign(url),
    );
  };
  return (
    <section aria-labelledby="renew-title" className="stack">
      <h2 id="renew-title">Renewals</h2>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      {due === null ? null : due.length === 0 ? (
        <p>No seat expires within {RENEW_WINDOW_DAYS} days.</p>
      ) : (
        <form className="stack" onSubmit={submit}>
          <fieldset className="portal__choices">
            <legend>
              Seats expiring within {RENEW_WINDOW_DAYS} days (renewed for 12 months from their expiry)
            </legend>
            {due.map((seat) => (
              <label key={seat._id}>
                <input type="checkbox" name="seatIds" value={seat._id} defaultChecked />{" "}
                {seat.listener?.email ?? seat.invitedEmail ?? "A redeemed seat"}, expires{" "}
                {seat.expiresAt?.slice(0, 10)}
              </label>
            ))}
          </fieldset>
          <button className="button" type="submit" disabled={busy}>
            Renew the chosen seats
          </button>
        </form>
      )}
    </section>
  );
}

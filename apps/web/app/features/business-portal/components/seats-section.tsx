import { SEAT_STATES, type SeatState } from "@serene/contract/business";
import { useCallback, useState } from "react";
import { Field, FormAlert } from "../../../components/site/field";
import { portalApi, type SeatQuery } from "../portal-api";
import { CopyButton } from "./copy-button";
import { useCursorPages } from "./use-cursor-pages";
import { usePortalAction } from "./use-portal-action";

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

/** Every seat, newest first, filtered by state or searched, 100 at a time; resend, copy or take back. */
export function SeatsSection({
  businessId,
  version,
  onChanged,
}: {
  businessId: string;
  version: number;
  onChanged: () => void;
}) {
  const [filter, setFilter] = useState<SeatQuery>({});
  const load = useCallback(
    (cursor?: string) => portalApi.seats(businessId, filter, cursor),
    [businessId, filter],
  );
  const { items: seats, hasMore, more, error, busy } = useCursorPages(load, version);
  const action = usePortalAction();
  const act = (work: Promise<unknown>) => void action.run(work, onChanged);
  return (
    <section aria-labelledby="seats-title" className="stack">
      <h2 id="seats-title">Seats</h2>
      <form
        className="portal__filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setFilter({
            state: (data.get("state") as SeatState) || undefined,
            q: String(data.get("q") ?? "") || undefined,
          });
        }}
      >
        <label className="field">
          <span className="field__label">State</span>
          <select name="state" className="field__control" defaultValue={filter.state ?? ""}>
            <option value="">All</option>
            {SEAT_STATES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <Field label="Search by e-mail or name" name="q" type="search" defaultValue={filter.q} />
        <button className="button" type="submit">
          Show
        </button>
      </form>
      {(error ?? action.error) && (
        <FormAlert>
          <p>{error ?? action.error}</p>
        </FormAlert>
      )}
      <div className="portal__table-wrap">
        <table className="portal__table">
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Person</th>
              <th scope="col">Redeemed</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {seats?.map((seat) => (
              <tr key={seat._id}>
                <td data-label="State">{seat.state}</td>
                <td data-label="Person">
                  {seat.listener
                    ? `${seat.listener.username} (${seat.listener.email})`
                    : (seat.invitedEmail ?? "—")}
                </td>
                <td data-label="Redeemed">{day(seat.redeemedAt)}</td>
                <td data-label="Expires">{day(seat.expiresAt)}</td>
                <td>
                  <div className="portal__actions">
                    {seat.code && <CopyButton text={seat.code} label="Copy code" what="Code" />}
                    {seat.state === "invited" && (
                      <button
                        type="button"
                        className="button button--quiet"
                        onClick={() => act(portalApi.resend(businessId, seat._id))}
                      >
                        Resend
                      </button>
                    )}
                    {seat.state === "redeemed" && (
                      <button
                        type="button"
                        className="button button--quiet"
                        onClick={() => {
                          if (
                            window.confirm(
                              `Take this seat back from ${seat.listener?.email ?? "this person"}? They are told by e-mail.`,
                            )
                          )
                            act(portalApi.remove(businessId, seat._id));
                        }}
                      >
                        Remove
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {seats?.length === 0 && <p>No seat matches.</p>}
      {hasMore && (
        <button type="button" className="button button--quiet" onClick={more} disabled={busy}>
          Show more seats
        </button>
      )}
    </section>
  );
}

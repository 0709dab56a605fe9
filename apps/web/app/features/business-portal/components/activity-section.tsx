import type { BusinessActivity } from "@serene/contract";
import { useEffect, useState } from "react";
import { FormAlert } from "../../../components/site/field";
import { portalApi } from "../portal-api";
import { usePortalAction } from "./use-portal-action";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const str = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
/** One line per entry: the known actions in words, any other by its name. */
function describe({ action, detail: d }: BusinessActivity): string {
  switch (action) {
    case "seats.invite":
      return `invited ${str(d.invited)} (${str(d.refused)} not invited)`;
    case "seat.resend":
      return `sent the invitation to ${str(d.email)} again`;
    case "seat.remove":
      return `took the seat back from ${str(d.email)}`;
    case "seat.freed":
      return "a seat was freed (its listener left)";
    case "seat.join":
      return "a listener took a seat by the join link";
    case "admin.add":
      return `added ${str(d.email)} as an admin`;
    case "admin.remove":
      return `removed ${str(d.email)} as an admin`;
    case "business.update":
      return `changed ${Array.isArray(d.fields) ? d.fields.join(", ") : "the details"}`;
    case "seats.granted":
      return `${str(d.seats)} free seat(s) given by Serene`;
    case "reminder.expiry":
      return "seats expiring soon: reminder sent";
    default:
      return action.startsWith("purchase.")
        ? `paid for ${str(d.seats)} seat(s)`
        : action.replace(/[._]/g, " ");
  }
}

/** What each admin did in the portal, newest first, a page at a time. */
export function ActivitySection({ businessId, version }: { businessId: string; version: number }) {
  const [entries, setEntries] = useState<BusinessActivity[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const { error, busy, run } = usePortalAction();
  useEffect(() => {
    void run(portalApi.activity(businessId), (page) => {
      setEntries(page.data);
      setNext(page.meta.nextCursor);
    });
  }, [businessId, version, run]);
  const more = () =>
    void run(portalApi.activity(businessId, next ?? undefined), (page) => {
      setEntries((shown) => [...shown, ...page.data]);
      setNext(page.meta.nextCursor);
    });
  return (
    <section aria-labelledby="activity-title" className="stack">
      <h2 id="activity-title">Activity</h2>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      {entries.length === 0 ? (
        <p>Nothing done in the portal yet.</p>
      ) : (
        <ol className="portal__list" aria-label="Portal activity">
          {entries.map((entry) => (
            <li key={entry._id}>
              <span>
                <strong>{entry.actor ?? "Serene"}</strong>: {describe(entry)}
              </span>
              <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
            </li>
          ))}
        </ol>
      )}
      {next && (
        <button type="button" className="button button--quiet" onClick={more} disabled={busy}>
          Show older
        </button>
      )}
    </section>
  );
}

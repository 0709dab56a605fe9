import type { BusinessActivity } from "@serene/contract";
import { useEffect, useState } from "react";
import { FormAlert } from "../../../components/site/field";
import { describeBusinessActivity } from "../../../lib/business-activity";
import { portalApi } from "../portal-api";
import { usePortalAction } from "./use-portal-action";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
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
                <strong>{entry.actor ?? "Serene"}</strong>: {describeBusinessActivity(entry)}
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

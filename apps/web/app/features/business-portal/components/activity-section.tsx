import { useCallback } from "react";
import { FormAlert } from "../../../components/site/field";
import { describeBusinessActivity } from "../../../lib/business-activity";
import { portalApi } from "../portal-api";
import { useCursorPages } from "./use-cursor-pages";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
/** What each admin did in the portal, newest first, a page at a time. */
export function ActivitySection({ businessId, version }: { businessId: string; version: number }) {
  const load = useCallback((cursor?: string) => portalApi.activity(businessId, cursor), [businessId]);
  const { items: entries, hasMore, more, error, busy } = useCursorPages(load, version);
  return (
    <section aria-labelledby="activity-title" className="stack">
      <h2 id="activity-title">Activity</h2>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      {entries === null ? null : entries.length === 0 ? (
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
      {hasMore && (
        <button type="button" className="button button--quiet" onClick={more} disabled={busy}>
          Show older
        </button>
      )}
    </section>
  );
}

import type { ContentStats, HostResource, HostResourceListItem } from "@serene/contract";
import { toAppResourceDetail } from "../catalogue/index.ts";
import type { MediaUrl } from "../../plugins/types.ts";
import type { HostResourceRow } from "./host-content.repository.ts";

/** A host's own content: the app's shape with its review state and the latest feedback (never locked for its host). */
export const toHostResource = (row: HostResourceRow, mediaUrl: MediaUrl): HostResource => ({
  ...toAppResourceDetail(row, true, mediaUrl),
  reviewState: row.resource.reviewState,
  feedback: row.feedback,
});

/** In the host's list: with the content's counted plays, minutes listened and completion rate. */
export const toHostResourceListItem = (
  { row, stats }: { row: HostResourceRow; stats: ContentStats | undefined },
  mediaUrl: MediaUrl,
): HostResourceListItem => ({
  ...toHostResource(row, mediaUrl),
  stats: {
    countedPlays: stats?.countedPlays ?? 0,
    minutes: stats?.minutes ?? 0,
    completionRate: stats?.completionRate ?? null,
  },
});

import type {
  ContentStats,
  HostResource,
  HostResourceDetail,
  HostResourceListItem,
  ResourceHistoryEntry,
} from "@serene/contract";
import { toAppResourceDetail } from "../catalogue/index.ts";
import { transcriptOf } from "../resources/index.ts";
import type { MediaUrl } from "../../plugins/types.ts";
import type { HostResourceRow } from "./host-content.repository.ts";

/** A host's own content: the app's shape with its review state and the latest feedback (never locked for its host). */
export const toHostResource = (row: HostResourceRow, mediaUrl: MediaUrl): HostResource => ({
  ...toAppResourceDetail(row, true, mediaUrl),
  reviewState: row.resource.reviewState,
  feedback: row.feedback,
});

/** One content on its own page: with its transcript and review history. */
export const toHostResourceDetail = (
  { row, history }: { row: HostResourceRow; history: ResourceHistoryEntry[] },
  mediaUrl: MediaUrl,
): HostResourceDetail => ({
  ...toHostResource(row, mediaUrl),
  transcript: transcriptOf(row.resource),
  history,
});

/** In the host's list: with the content's listening figures (none yet: zeros). */
export const toHostResourceListItem = (
  { row, stats }: { row: HostResourceRow; stats: ContentStats | undefined },
  mediaUrl: MediaUrl,
): HostResourceListItem => ({
  ...toHostResource(row, mediaUrl),
  stats: {
    countedPlays: stats?.countedPlays ?? 0,
    uniqueListeners: stats?.uniqueListeners ?? 0,
    minutes: stats?.minutes ?? 0,
    completionRate: stats?.completionRate ?? null,
    averageShare: stats?.averageShare ?? null,
  },
});

import type { HostResource } from "@serene/contract";
import { toAppResourceDetail } from "../catalogue/index.ts";
import type { MediaUrl } from "../media/storage.ts";
import type { HostResourceRow } from "./host-content.repository.ts";

/** A host's own content: the app's shape with its review state and the latest feedback (never locked for its host). */
export const toHostResource = (row: HostResourceRow, mediaUrl: MediaUrl): HostResource => ({
  ...toAppResourceDetail(row, true, mediaUrl),
  reviewState: row.resource.reviewState,
  feedback: row.feedback,
});

import type { AppResource } from "@serene/contract";
import type { MediaUrl } from "../media/storage.ts";
import type { AppResourceRow } from "./listening.repository.ts";

/** A content as the app shows it (no audio URL, no uploader, no review state). */
export const toAppResource = (
  { resource: r, interestName }: AppResourceRow,
  locked: boolean,
  mediaUrl: MediaUrl,
): AppResource => ({
  _id: r.id,
  title: r.title,
  image: mediaUrl(r.imageKey),
  duration: r.duration,
  durationSeconds: r.durationSeconds,
  moodType: r.mood,
  interest: r.interestId && interestName ? { _id: r.interestId, name: interestName } : null,
  paymentType: r.paymentType,
  locked,
  no_plays: r.noPlays,
  time_created: r.timeCreated.toISOString(),
});

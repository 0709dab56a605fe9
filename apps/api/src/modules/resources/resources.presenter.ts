import type { Loudness, Resource } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { CsvColumns } from "../../lib/csv.ts";
import type { ListedResource, ResourceRow } from "./resources.repository.ts";
import { transcriptOf } from "./transcript.ts";
import { iso } from "../../lib/iso.ts";

/** A content's measured loudness; null when not measured or silent. */
export const loudnessOf = (r: Pick<ResourceRow, "loudnessLufs" | "truePeak">): Loudness =>
  r.loudnessLufs === null || r.truePeak === null ? null : { lufs: r.loudnessLufs, peak: r.truePeak };

/** A content as the back office shows it; `withTranscript` for the answer about one content. */
export const toResource = (
  { resource: r, interestName, userEmail }: ListedResource,
  mediaUrl: MediaUrl,
  withTranscript = false,
): Resource => ({
  _id: r.id,
  id: r.id,
  title: r.title,
  description: r.description,
  image: mediaUrl(r.imageKey),
  userID: r.userId,
  userEmail,
  duration: r.duration,
  durationSeconds: r.durationSeconds,
  loudness: loudnessOf(r),
  hasTranscript: r.transcriptFormat !== null,
  ...(withTranscript && { transcript: transcriptOf(r) }),
  moodType: r.mood,
  interestID: r.interestId,
  interestName,
  resourceUrl: mediaUrl(r.audioKey),
  paymentType: r.paymentType,
  reviewState: r.reviewState,
  time_created: iso(r.timeCreated),
  no_plays: r.noPlays,
});

/** The columns of the contents list's CSV export. */
export const resourceCsv: CsvColumns<ListedResource> = [
  ["title", (x) => x.resource.title],
  ["interest", (x) => x.interestName],
  ["mood", (x) => x.resource.mood],
  ["payment", (x) => x.resource.paymentType],
  ["review_state", (x) => x.resource.reviewState],
  ["duration_seconds", (x) => x.resource.durationSeconds],
  ["plays", (x) => x.resource.noPlays],
  ["uploader_email", (x) => x.userEmail],
  ["created", (x) => x.resource.timeCreated],
  ["id", (x) => x.resource.id],
];

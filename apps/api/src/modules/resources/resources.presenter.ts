import type { Resource } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { CsvColumns } from "../../lib/csv.ts";
import type { ListedResource } from "./resources.repository.ts";

export const toResource = (
  { resource: r, interestName, userEmail }: ListedResource,
  mediaUrl: MediaUrl,
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
  moodType: r.mood,
  interestID: r.interestId,
  interestName,
  resourceUrl: mediaUrl(r.audioKey),
  paymentType: r.paymentType,
  reviewState: r.reviewState,
  time_created: r.timeCreated.toISOString(),
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

import type { Resource } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { ResourceRow } from "./resources.repository.ts";

type Listed = { resource: ResourceRow; interestName: string | null; userEmail: string | null };

export const toResource = (
  { resource: r, interestName, userEmail }: Listed,
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

import type { AppInterest, AppResource, AppResourceDetail, AppSeries } from "@serene/contract";
import type { interests } from "../../db/schema/index.ts";
import type { MediaUrl } from "../../plugins/types.ts";
import { loudnessOf } from "../resources/index.ts";
import type { AppResourceRow } from "./catalogue.repository.ts";
import { iso } from "../../lib/iso.ts";

/** A resource as the app shows it: no audio URL (the app asks /stream), no uploader, no review state. */
export function toAppResource(
  { resource: r, interestName }: AppResourceRow,
  entitled: boolean,
  mediaUrl: MediaUrl,
): AppResource {
  return {
    _id: r.id,
    title: r.title,
    image: mediaUrl(r.imageKey),
    duration: r.duration,
    durationSeconds: r.durationSeconds,
    loudness: loudnessOf(r),
    hasTranscript: r.transcriptFormat !== null,
    moodType: r.mood,
    interest: r.interestId && interestName !== null ? { _id: r.interestId, name: interestName } : null,
    paymentType: r.paymentType,
    locked: r.paymentType === "paid" && !entitled,
    no_plays: r.noPlays,
    time_created: iso(r.timeCreated),
  };
}

export const toAppResourceDetail = (
  row: AppResourceRow,
  entitled: boolean,
  mediaUrl: MediaUrl,
): AppResourceDetail => ({
  ...toAppResource(row, entitled, mediaUrl),
  description: row.resource.description,
});

export const toAppInterest = (
  { interest: i, count }: { interest: typeof interests.$inferSelect; count: number },
  mediaUrl: MediaUrl,
): AppInterest => ({ _id: i.id, name: i.name, icon: mediaUrl(i.iconKey), position: i.position, count });

/** What the app shows of a series: its figures for one listener (published items only). */
export interface SeriesSummary {
  series: { id: string; title: string; description: string; imageKey: string | null };
  itemCount: number;
  finishedCount: number;
  paidCount: number;
  /** The first item's cover, shown when the series has none of its own. */
  firstImageKey: string | null;
}

/** A series is locked when any of its items is locked for the listener. */
export const toAppSeries = (s: SeriesSummary, entitled: boolean, mediaUrl: MediaUrl): AppSeries => ({
  _id: s.series.id,
  title: s.series.title,
  image: mediaUrl(s.series.imageKey ?? s.firstImageKey),
  description: s.series.description,
  itemCount: s.itemCount,
  finishedCount: s.finishedCount,
  locked: s.paidCount > 0 && !entitled,
});

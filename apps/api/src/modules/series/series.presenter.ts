import type { Series } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { SeriesRow } from "./series.repository.ts";
import { iso } from "../../lib/iso.ts";

/** A series as the back office sees it, with its items' ids in order. */
export const toSeries = (
  { series: s, itemIds }: { series: SeriesRow; itemIds: string[] },
  mediaUrl: MediaUrl,
): Series => ({
  _id: s.id,
  id: s.id,
  title: s.title,
  description: s.description,
  image: mediaUrl(s.imageKey),
  interestID: s.interestId,
  itemIds,
  published: s.published,
  time_created: iso(s.timeCreated),
  updated_at: iso(s.updatedAt),
});

import { idSchema, type Mood, moods, paymentTypes, type Resource } from "@serene/contract";
import { oneOf, readPage, type SetFilters, useUrlFilters } from "../../../lib/use-url-filters";

/** The content page's search, filters and page, kept in the URL (shareable, and Back works). */
export interface ContentFilters {
  q: string;
  mood: Mood | null;
  interest: string | null;
  paymentType: Resource["paymentType"] | null;
  page: number;
}

function readFilters(params: URLSearchParams): ContentFilters {
  const interest = params.get("interest");
  return {
    q: params.get("q")?.trim() ?? "",
    mood: oneOf(moods, params.get("mood")),
    interest: idSchema.safeParse(interest).success ? interest : null,
    paymentType: oneOf(paymentTypes, params.get("paymentType")),
    page: readPage(params),
  };
}

function writeFilters({ q, mood, interest, paymentType, page }: ContentFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (mood) params.set("mood", mood);
  if (interest) params.set("interest", interest);
  if (paymentType) params.set("paymentType", paymentType);
  if (page > 1) params.set("page", String(page));
  return params;
}

/**
 * The filters in the URL and a setter. A change to the search or a filter goes back to page 1;
 * `replace` keeps it out of the history (typing in the search box).
 */
export function useContentFilters() {
  return useUrlFilters(readFilters, writeFilters);
}

export type SetContentFilters = SetFilters<ContentFilters>;

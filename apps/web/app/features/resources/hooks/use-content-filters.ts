import { idSchema, type Mood, moods, paymentTypes, type Resource } from "@serene/contract";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** The content page's search, filters and page, kept in the URL (shareable, and Back works). */
export interface ContentFilters {
  q: string;
  mood: Mood | null;
  interest: string | null;
  paymentType: Resource["paymentType"] | null;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

function readFilters(params: URLSearchParams): ContentFilters {
  const page = Number(params.get("page"));
  const interest = params.get("interest");
  return {
    q: params.get("q")?.trim() ?? "",
    mood: oneOf(moods, params.get("mood")),
    interest: idSchema.safeParse(interest).success ? interest : null,
    paymentType: oneOf(paymentTypes, params.get("paymentType")),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
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
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const setFilters = useCallback(
    (change: Partial<ContentFilters>, { replace = false } = {}) => {
      setParams((current) => writeFilters({ ...readFilters(current), page: 1, ...change }), {
        replace,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [filters, setFilters] as const;
}

export type SetContentFilters = ReturnType<typeof useContentFilters>[1];

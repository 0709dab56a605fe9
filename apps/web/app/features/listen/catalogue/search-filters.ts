import type { ResourceFilters } from "./api";
import { moods } from "@serene/contract/listener";

export const durations = [
  { value: "0-300", label: "Under 5 min" },
  { value: "300-900", label: "5 to 15 min" },
  { value: "900-1800", label: "15 to 30 min" },
  { value: "1800-", label: "Over 30 min" },
];

/** The filters live in the address: a search can be shared, and Back returns to it. */
export function filtersFrom(params: URLSearchParams): ResourceFilters {
  const [min, max] = (params.get("length") ?? "").split("-");
  const mood = params.get("mood");
  const access = params.get("access");
  const sort = params.get("sort");
  return {
    q: params.get("q") ?? undefined,
    mood: moods.find((m) => m === mood),
    interest: params.get("interest") ?? undefined,
    access: access === "free" || access === "paid" ? access : undefined,
    minSeconds: min ? Number(min) : undefined,
    maxSeconds: max ? Number(max) : undefined,
    sort: sort === "popular" || sort === "shortest" ? sort : undefined,
  };
}

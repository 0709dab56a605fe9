import { listenRequest } from "../shared/request";
import type { AppInterest, AppResource, AppResourceDetail, HomeSection, Mood } from "../shared/types";

type CursorMeta = { nextCursor: string | null };

export const listInterests = (signal?: AbortSignal) =>
  listenRequest<AppInterest[], object>("/app/interests", { signal });
export const getHome = (signal?: AbortSignal) =>
  listenRequest<{ sections: HomeSection[] }>("/app/home", { signal });

export interface ResourceFilters {
  q?: string;
  mood?: Mood;
  interest?: string;
  access?: "free" | "paid";
  minSeconds?: number;
  maxSeconds?: number;
  sort?: "new" | "popular" | "shortest";
}

export const searchResources = (filters: ResourceFilters, cursor?: string, signal?: AbortSignal) =>
  listenRequest<AppResource[], CursorMeta>("/app/resources", {
    query: { ...filters, cursor, limit: 20 },
    signal,
  });
export const getResource = (id: string, signal?: AbortSignal) =>
  listenRequest<AppResourceDetail>(`/app/resources/${encodeURIComponent(id)}`, { signal });
export const listInterestResources = (id: string, cursor?: string, signal?: AbortSignal) =>
  listenRequest<AppResource[], CursorMeta>(`/app/interests/${encodeURIComponent(id)}/resources`, {
    query: { cursor, limit: 20 },
    signal,
  });
/** A signed URL of the audio file (downloads); 403 subscription_required when locked. */
export const streamUrl = (id: string) =>
  listenRequest<{ url: string; expiresAt: string }>(`/app/resources/${encodeURIComponent(id)}/stream`, {
    method: "POST",
  });

import { idSchema } from "@serene/contract";
import { type PagedFilters, readPage, useUrlFilters } from "../../../lib/use-url-filters";

/** The Activity Log's filters and page, kept in the URL. The actor's e-mail only labels the filter. */
export interface ActivityFilters extends PagedFilters {
  entityType: string | null;
  action: string | null;
  actor: string | null;
  actorEmail: string | null;
}

const word = (value: string | null) => (value && /^[a-z_.]{1,60}$/.test(value) ? value : null);

function readFilters(params: URLSearchParams): ActivityFilters {
  const actor = params.get("actor");
  const valid = idSchema.safeParse(actor).success;
  return {
    entityType: word(params.get("entityType")),
    action: word(params.get("action")),
    actor: valid ? actor : null,
    actorEmail: valid ? params.get("actorEmail") : null,
    page: readPage(params),
  };
}

function writeFilters(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.entityType) params.set("entityType", filters.entityType);
  if (filters.action) params.set("action", filters.action);
  if (filters.actor) {
    params.set("actor", filters.actor);
    if (filters.actorEmail) params.set("actorEmail", filters.actorEmail);
  }
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** The filters in the URL and a setter; a new filter goes back to page 1. */
export function useActivityFilters() {
  return useUrlFilters(readFilters, writeFilters);
}

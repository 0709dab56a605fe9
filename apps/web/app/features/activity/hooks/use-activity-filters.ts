import { activityQuerySchema, emailSchema } from "@serene/contract";
import { useListQuery } from "../../../lib/use-list-query";

/** The Activity Log's request as its URL holds it; the actor's e-mail only labels the filter. */
const activityPageSchema = activityQuerySchema.extend({ actorEmail: emailSchema.optional() });

export type ActivityFilters = ReturnType<typeof activityPageSchema.parse>;

/** The filters in the URL and a setter; a new filter goes back to page 1. */
export function useActivityFilters() {
  return useListQuery(activityPageSchema);
}

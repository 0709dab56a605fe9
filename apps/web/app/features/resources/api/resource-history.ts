import { resourceHistoryResponseSchema } from "@serene/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /user/resources/:id/history: submissions, decisions and edits, oldest first. */
export const resourceHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.resources.history(id),
    queryFn: ({ signal }) =>
      apiRequest(`/user/resources/${encodeURIComponent(id)}/history`, {
        schema: resourceHistoryResponseSchema,
        signal,
      }),
    select: (answer) => answer.data,
  });

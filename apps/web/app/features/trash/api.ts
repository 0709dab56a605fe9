import { type TrashListQuery, trashListQuerySchema } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callList } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { useListQuery } from "../../lib/use-list-query";

// The trash's list; restoring and deleting forever (`bulkTrash`) are in lib/trash.ts, which the
// Undo of every delete shares.

export type TrashListParams = Partial<TrashListQuery>;

/** One page of the deleted users and contents, latest deleted first. */
export function listTrash(params: TrashListParams, signal?: AbortSignal) {
  return callList(endpoints.trash.list, { query: params, signal });
}

/** One page of the trash. */
export function useTrashList(params: TrashListParams) {
  return useQuery({
    queryKey: [...queryKeys.trash.all, "list", params],
    queryFn: ({ signal }) => listTrash(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The trash's search, kind, sort and page, kept in the URL. */
export function useTrashFilters() {
  return useListQuery(trashListQuerySchema);
}

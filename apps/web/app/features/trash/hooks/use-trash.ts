import { type TrashListQuery, trashListQuerySchema } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { useListQuery } from "../../../lib/use-list-query";
import { listTrash } from "../api/trash";

export type TrashListParams = Partial<TrashListQuery>;

/** One page of the trash. */
export function useTrashList(params: TrashListParams) {
  return useQuery({
    queryKey: queryKeys.trash.list(params),
    queryFn: ({ signal }) => listTrash(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The trash's search, kind, sort and page, kept in the URL. */
export function useTrashFilters() {
  return useListQuery(trashListQuerySchema);
}

import { type TrashListQuery, trashListResponseSchema } from "@serene/contract";
import { apiList } from "../../../lib/api-client";

/** GET /user/trash: one page of the deleted users and contents, latest deleted first. */
export function listTrash(params: Partial<TrashListQuery>, signal?: AbortSignal) {
  return apiList("/user/trash", { query: params, schema: trashListResponseSchema, signal });
}

import { endpoint } from "../endpoint.ts";

const tags = ["trash"];

export const trashEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/user/trash",
    access: "admin",
    tags,
    summary:
      "Deleted users and contents, restorable until purged 30 days after their deletion (paged; search, kind, sort)",
    query: "trashListQuerySchema",
    response: { 200: "trashListResponseSchema" },
  }),
  bulk: endpoint({
    method: "POST",
    path: "/api/v1/user/trash/bulk",
    access: "staff",
    tags,
    summary: "Restore, or delete forever (purge), the users and contents picked from the trash",
    description:
      "An editor may only restore contents picked by `ids` that they deleted (the Undo of their delete): a purge or a `filter` answers 403, a user's id is reported as not found, a content someone else deleted as refused.",
    body: "trashBulkBodySchema",
    response: { 200: "trashBulkResponseSchema" },
  }),
};

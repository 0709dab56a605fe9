import { userListQuerySchema, userListResponseSchema } from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import { listUsers } from "./users.repository.ts";
import { toUser } from "./users.serialize.ts";

export async function userRoutes(app: App) {
  app.get(
    "/users",
    {
      schema: {
        tags: ["users"],
        summary: "Users, newest first (paged; searchable by username and e-mail)",
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listUsers(app.db, request.query);
      const { page, limit } = request.query;
      return {
        status: true as const,
        message: "Users",
        data: {
          data: rows.map((row) => toUser(row, request.mediaUrl)),
          meta: { page, limit, total, pages: Math.ceil(total / limit) },
        },
      };
    },
  );
}

import {
  idBodySchema,
  idParamsSchema,
  messageBodySchema,
  okEnvelopeSchema,
  registerUserBodySchema,
  userBulkBodySchema,
  userBulkResponseSchema,
  userExportQuerySchema,
  userListQuerySchema,
  userListResponseSchema,
  userParamsSchema,
  userResponseSchema,
  userSettingBodySchema,
} from "@serene/contract";
import { sendCsv } from "../../lib/csv.ts";
import { pageMeta } from "../../lib/paging.ts";
import type { App, AuthContext } from "../../plugins/types.ts";
import type { UsersService } from "./users.service.ts";
import { toUser, userCsv } from "./users.presenter.ts";
import { listReply, ok } from "../../lib/reply.ts";

export async function userRoutes(app: App, { users }: { users: UsersService }) {
  const tags = ["users"];

  app.get(
    "/users",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Users, newest first (paged; searchable by username and e-mail; filtered and sorted)",
        description:
          "`sort` is a column (created, username, email, role, subscription, mood; or newest/oldest) and `direction` asc or desc; filters: audience, role, subscription, mood, from/to (sign-up days, UTC).",
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await users.list(request.query);
      const { page, limit } = request.query;
      return listReply(
        "Users",
        rows.map((row) => toUser(row, request.mediaUrl)),
        pageMeta(page, limit, total),
      );
    },
  );

  app.get(
    "/users/export",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "The users list as CSV (the list's filters, every matching account, in the list's sort, newest first by default, streamed); the export is recorded",
        querystring: userExportQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      sendCsv(reply, "users", userCsv, await users.exportRows(request.auth, request.query)),
  );

  app.get(
    "/single/:user_id",
    {
      config: { access: "admin" },
      schema: { tags, summary: "One user", params: userParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ok("User", toUser(await users.get(request.params.user_id), request.mediaUrl)),
  );

  app.post(
    "/register",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Create an app user (role user); image is a URL from POST /upload",
        body: registerUserBodySchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) =>
      ok(
        "User Created Successfully",
        toUser(await users.register(request.auth, request.body, request.origin), request.mediaUrl),
      ),
  );

  app.put(
    "/user/setting/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Edit a user's e-mail, username, mood and experience",
        params: idParamsSchema,
        body: userSettingBodySchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Profile updated",
        toUser(await users.updateSettings(request.auth, request.params.id, request.body), request.mediaUrl),
      ),
  );

  const remove = async (request: { auth: AuthContext; body: { id: string } }) => {
    await users.remove(request.auth, request.body.id);
    return ok("User Deleted");
  };
  const deleteSchema = { tags, body: idBodySchema, response: { 200: okEnvelopeSchema } };
  app.post(
    "/delete",
    {
      config: { access: "admin" },
      schema: { ...deleteSchema, summary: "Delete a user (their content stays)" },
    },
    remove,
  );
  app.post(
    "/users",
    {
      config: { access: "admin" },
      schema: { ...deleteSchema, summary: "Delete a user (the Users Table's call)" },
    },
    remove,
  );

  app.post(
    "/users/bulk",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "One action for many users: delete, make host or send a message",
        description:
          "Access: admin.\nThe users are `ids` (picked) or every user matching `filter` (the list's filters; at most 10,000). One transaction, one activity entry per user; a user the rules refuse (your own account, an admin made a host) is left as it was and listed in `failed` with why.",
        body: userBulkBodySchema,
        response: { 200: userBulkResponseSchema },
      },
    },
    async (request) => {
      const { done, ids, failed, message } = await users.bulk(request.auth, request.body);
      return ok(message, { done, ids, failed });
    },
  );

  app.post(
    "/users/:id/make-host",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Give a user the host role",
        params: idParamsSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) =>
      ok(
        "User is now a host",
        toUser(await users.makeHost(request.auth, request.params.id), request.mediaUrl),
      ),
  );

  app.post(
    "/users/:id/invitation",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "E-mail a back-office-created user their invitation again (a new link; the previous one ends)",
        description:
          "Access: admin.\n409 once the invitation is used (the user's address is verified); the user shape's `invited` says which.",
        params: idParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await users.resendInvitation(request.params.id);
      return ok(`Invitation sent again to ${user.email}`);
    },
  );

  app.post(
    "/users/:id/message",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Send a message to one user (in-app inbox and e-mail)",
        params: idParamsSchema,
        body: messageBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      const { user } = await users.sendMessage(request.auth, request.params.id, request.body);
      return ok(`Message sent to ${user.username}`);
    },
  );
}

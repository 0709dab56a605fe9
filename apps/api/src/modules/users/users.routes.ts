import { usersEndpoints as endpoints } from "@serene/contract";
import { listWithExport, route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import type { UsersService } from "./users.service.ts";
import { toUser, userCsv } from "./users.presenter.ts";
import { ok } from "../../lib/reply.ts";

export async function userRoutes(app: App, { users }: { users: UsersService }) {
  listWithExport(
    app,
    endpoints,
    { message: "Users", rows: users.list, present: (row, request) => toUser(row, request.mediaUrl) },
    { name: "users", columns: userCsv, rows: users.exportRows },
  );

  route(app, endpoints.get, async (request) =>
    ok("User", toUser(await users.get(request.params.user_id), request.mediaUrl)),
  );

  route(app, endpoints.register, async (request) =>
    ok(
      "User Created Successfully",
      toUser(await users.register(request.auth, request.body, request.origin), request.mediaUrl),
    ),
  );

  route(app, endpoints.updateSettings, async (request) =>
    ok(
      "Profile updated",
      toUser(await users.updateSettings(request.auth, request.params.id, request.body), request.mediaUrl),
    ),
  );

  for (const endpoint of [endpoints.remove, endpoints.removeFromTable]) {
    route(app, endpoint, async (request) => {
      await users.remove(request.auth, request.body.id);
      return ok("User Deleted");
    });
  }

  route(app, endpoints.bulk, async (request) => {
    const { done, ids, failed, message } = await users.bulk(request.auth, request.body);
    return ok(message, { done, ids, failed });
  });

  route(app, endpoints.makeHost, async (request) =>
    ok("User is now a host", toUser(await users.makeHost(request.auth, request.params.id), request.mediaUrl)),
  );

  route(app, endpoints.resendInvitation, async (request) => {
    const user = await users.resendInvitation(request.params.id);
    return ok(`Invitation sent again to ${user.email}`);
  });

  route(app, endpoints.sendMessage, async (request) => {
    const { user } = await users.sendMessage(request.auth, request.params.id, request.body);
    return ok(`Message sent to ${user.username}`);
  });
}

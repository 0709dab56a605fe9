import { staffEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import { toStaffMember } from "./staff.presenter.ts";
import type { StaffService } from "./staff.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** /user/admins and /user/back-office-settings: the back office's accounts and settings (admins only). */
export async function staffRoutes(app: App, { staff }: { staff: StaffService }) {
  route(app, staffEndpoints.list, async () => {
    const rows = await staff.list();
    return listReply("Admins", rows.map(toStaffMember), { total: rows.length });
  });

  route(app, staffEndpoints.invite, async (request, reply) => {
    const user = await staff.invite(request.auth, request.body);
    reply.code(201);
    return ok(`Invitation sent to ${user.email}`, toStaffMember(user));
  });

  route(app, staffEndpoints.setRole, async (request) =>
    ok(
      "Role changed",
      toStaffMember(await staff.setRole(request.auth, request.params.id, request.body.role)),
    ),
  );

  route(app, staffEndpoints.remove, async (request) => {
    const user = await staff.remove(request.auth, request.params.id);
    return ok(`${user.email} was removed from the back office`);
  });

  route(app, staffEndpoints.settings, async () => ok("Settings", await staff.settings()));

  route(app, staffEndpoints.saveSettings, async (request) =>
    ok("Settings saved", await staff.saveSettings(request.auth, request.body)),
  );
}

import {
  backOfficeSettingsBodySchema,
  backOfficeSettingsResponseSchema,
  inviteStaffBodySchema,
  okEnvelopeSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffParamsSchema,
  staffRoleBodySchema,
} from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import { toStaffMember } from "./staff.presenter.ts";
import type { StaffService } from "./staff.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** /user/admins and /user/back-office-settings: the back office's accounts and settings (admins only). */
export async function staffRoutes(app: App, { staff }: { staff: StaffService }) {
  const tags = ["admins"];

  app.get(
    "/admins",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "The back office's accounts",
        description:
          "Access: admin.\nEvery admin and editor with their role, two-factor sign-in and whether their invitation is still open; admins first.",
        response: { 200: staffListResponseSchema },
      },
    },
    async () => {
      const rows = await staff.list();
      return listReply("Admins", rows.map(toStaffMember), { total: rows.length });
    },
  );

  app.post(
    "/admins",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Invite an admin or editor",
        description:
          "Access: admin.\nE-mails the address a single-use link (7 days) to choose a password, with the role given; an app account of that address is given the role. An address already in the back office answers 409.",
        body: inviteStaffBodySchema,
        response: { 201: staffMemberResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await staff.invite(request.auth, request.body);
      reply.code(201);
      return ok(`Invitation sent to ${user.email}`, toStaffMember(user));
    },
  );

  app.patch(
    "/admins/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change an admin's or editor's role",
        description: "Access: admin.\nThe last admin keeps the role (409 `last_admin`).",
        params: staffParamsSchema,
        body: staffRoleBodySchema,
        response: { 200: staffMemberResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Role changed",
        toStaffMember(await staff.setRole(request.auth, request.params.id, request.body.role)),
      ),
  );

  app.delete(
    "/admins/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Remove an admin or editor from the back office",
        description:
          "Access: admin.\nThe account loses its role (it stays an app account), its sessions end and its two-factor set-up goes. Never the last admin (409 `last_admin`).",
        params: staffParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await staff.remove(request.auth, request.params.id);
      return ok(`${user.email} was removed from the back office`);
    },
  );

  app.get(
    "/back-office-settings",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "The back office's settings",
        description: "Access: admin.\nWhether every admin and editor must sign in with two factors.",
        response: { 200: backOfficeSettingsResponseSchema },
      },
    },
    async () => ok("Settings", await staff.settings()),
  );

  app.put(
    "/back-office-settings",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change the back office's settings",
        description:
          "Access: admin.\nWith `requireTwoFactor`, an admin or editor without two-factor sign-in reaches only its set-up (403 `two_factor_setup_required` elsewhere) until it is on.",
        body: backOfficeSettingsBodySchema,
        response: { 200: backOfficeSettingsResponseSchema },
      },
    },
    async (request) => ok("Settings saved", await staff.saveSettings(request.auth, request.body)),
  );
}

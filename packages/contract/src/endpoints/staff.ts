import { endpoint } from "../endpoint.ts";

const tags = ["admins"];

export const staffEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/user/admins",
    access: "admin",
    tags,
    summary: "The back office's accounts",
    description:
      "Every admin and editor with their role, two-factor sign-in and whether their invitation is still open; admins first.",
    response: { 200: "staffListResponseSchema" },
  }),
  invite: endpoint({
    method: "POST",
    path: "/api/v1/user/admins",
    access: "admin",
    tags,
    summary: "Invite an admin or editor",
    description:
      "E-mails the address a single-use link (7 days) to choose a password, with the role given; an app account of that address is given the role. An address already in the back office answers 409.",
    body: "inviteStaffBodySchema",
    response: { 201: "staffMemberResponseSchema" },
  }),
  setRole: endpoint({
    method: "PATCH",
    path: "/api/v1/user/admins/:id",
    access: "admin",
    tags,
    summary: "Change an admin's or editor's role",
    description: "The last admin keeps the role (409 `last_admin`).",
    params: "staffParamsSchema",
    body: "staffRoleBodySchema",
    response: { 200: "staffMemberResponseSchema" },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/user/admins/:id",
    access: "admin",
    tags,
    summary: "Remove an admin or editor from the back office",
    description:
      "The account loses its role (it stays an app account), its sessions end and its two-factor set-up goes. Never the last admin (409 `last_admin`).",
    params: "staffParamsSchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/v1/user/back-office-settings",
    access: "admin",
    tags,
    summary: "The back office's settings",
    description: "Whether every admin and editor must sign in with two factors.",
    response: { 200: "backOfficeSettingsResponseSchema" },
  }),
  saveSettings: endpoint({
    method: "PUT",
    path: "/api/v1/user/back-office-settings",
    access: "admin",
    tags,
    summary: "Change the back office's settings",
    description:
      "With `requireTwoFactor`, an admin or editor without two-factor sign-in reaches only its set-up (403 `two_factor_setup_required` elsewhere) until it is on.",
    body: "backOfficeSettingsBodySchema",
    response: { 200: "backOfficeSettingsResponseSchema" },
  }),
};

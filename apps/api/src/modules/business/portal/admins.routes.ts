import {
  adminBodySchema,
  adminListResponseSchema,
  adminParamsSchema,
  businessParamsSchema,
} from "@serene/contract";
import { listReply } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import type { PortalService } from "./portal.service.ts";
import { ADMIN, business, tags } from "./routes-shared.ts";

/** A business's admins in the portal. */
export function adminRoutes(app: App, portal: PortalService) {
  const admins = (rows: Awaited<ReturnType<PortalService["admins"]>>) =>
    listReply(
      "Admins",
      rows.map((a) => ({
        email: a.email,
        addedAt: a.addedAt.toISOString(),
        lastSignInAt: a.lastSignInAt?.toISOString() ?? null,
      })),
      { total: rows.length },
    );
  app.get(
    "/:id/admins",
    {
      config: business,
      schema: {
        tags,
        summary: "The business's admins",
        description: `${ADMIN}\nEach with when they were added and last signed in.`,
        params: businessParamsSchema,
        response: { 200: adminListResponseSchema },
      },
    },
    async (request) => admins(await portal.admins(request.params.id)),
  );

  app.post(
    "/:id/admins",
    {
      config: business,
      schema: {
        tags,
        summary: "Add an admin",
        description: `${ADMIN}\nThe new admin gets a sign-in link by e-mail, within the address's e-mail limit (3 per 15 minutes, 10 a day).`,
        params: businessParamsSchema,
        body: adminBodySchema,
        response: { 200: adminListResponseSchema },
      },
    },
    async (request) =>
      admins(await portal.addAdmin(request.portal.email, request.params.id, request.body.email)),
  );

  app.delete(
    "/:id/admins/:email",
    {
      config: business,
      schema: {
        tags,
        summary: "Remove an admin",
        description: `${ADMIN}\n409 \`last_admin\` for the last one.`,
        params: adminParamsSchema,
        response: { 200: adminListResponseSchema },
      },
    },
    async (request) =>
      admins(await portal.removeAdmin(request.portal.email, request.params.id, request.params.email)),
  );
}

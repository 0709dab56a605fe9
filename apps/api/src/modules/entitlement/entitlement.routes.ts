import { entitlementEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { FastifyRequest } from "fastify";
import type { App } from "../../plugins/types.ts";
import type { EntitlementService } from "./entitlement.service.ts";
import { ok } from "../../lib/reply.ts";

export interface EntitlementRoutesOptions {
  entitlement: EntitlementService;
  /** Redemption attempts per signed-in user per window. */
  redeemLimit: { max: number; timeWindow: number };
}

export async function entitlementRoutes(app: App, { entitlement, redeemLimit }: EntitlementRoutesOptions) {
  const rateLimit = { ...redeemLimit, keyGenerator: (r: FastifyRequest) => r.auth?.userId ?? r.ip };

  route(app, entitlementEndpoints.get, async (request) =>
    ok("Entitlement", await entitlement.get(request.auth.userId)),
  );

  route(
    app,
    entitlementEndpoints.preview,
    async (request) => ok("Code preview", await entitlement.preview(request.auth.userId, request.body.code)),
    { config: { rateLimit } },
  );

  route(
    app,
    entitlementEndpoints.redeem,
    async (request) =>
      ok("Code redeemed", {
        entitlement: await entitlement.redeem(request.auth, request.body.code, request.body.confirm === true),
      }),
    { config: { rateLimit } },
  );

  route(
    app,
    entitlementEndpoints.join,
    async (request) =>
      ok("Seat taken", { entitlement: await entitlement.join(request.auth, request.params.token) }),
    { config: { rateLimit } },
  );
}

import {
  appRedeemBodySchema,
  appRedeemResponseSchema,
  codeBodySchema,
  entitlementResponseSchema,
  joinParamsSchema,
  redeemPreviewResponseSchema,
} from "@serene/contract";
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
  const tags = ["app: entitlement"];
  const rateLimit = { ...redeemLimit, keyGenerator: (r: FastifyRequest) => r.auth?.userId ?? r.ip };

  app.get(
    "/entitlement",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "The listener's entitlement",
        description:
          "Access: listener.\nWhether the listener is paid, until when, days left, and from which business purchase.",
        response: { 200: entitlementResponseSchema },
      },
    },
    async (request) => ok("Entitlement", await entitlement.get(request.auth.userId)),
  );

  app.post(
    "/redeem/preview",
    {
      config: { access: "authenticated", rateLimit },
      schema: {
        tags,
        summary: "What a code would give",
        description:
          "Access: listener.\nSays which business a code is from, how many months it gives, whether it is used, and the paid end now (when entitled) and once redeemed, without using it.",
        body: codeBodySchema,
        response: { 200: redeemPreviewResponseSchema },
      },
    },
    async (request) => ok("Code preview", await entitlement.preview(request.auth.userId, request.body.code)),
  );

  app.post(
    "/redeem",
    {
      config: { access: "authenticated", rateLimit },
      schema: {
        tags,
        summary: "Redeem a business code",
        description:
          "Access: listener.\nRedeems a code (verified address; one code per purchase) and extends the entitlement from its current end; a listener entitled already sends confirm: true (else 409 confirmation_required, nothing used).",
        body: appRedeemBodySchema,
        response: { 200: appRedeemResponseSchema },
      },
    },
    async (request) =>
      ok("Code redeemed", {
        entitlement: await entitlement.redeem(request.auth, request.body.code, request.body.confirm === true),
      }),
  );

  app.post(
    "/join/:token",
    {
      config: { access: "authenticated", rateLimit },
      schema: {
        tags,
        summary: "Take a free seat through a business's join link",
        description:
          "Access: listener.\nFor a verified address at one of the business's join domains: a free seat (unsent first, then freed) is given to it and redeemed; 403 for another domain, 409 when no seat is free or one is held already.",
        params: joinParamsSchema,
        response: { 200: appRedeemResponseSchema },
      },
    },
    async (request) =>
      ok("Seat taken", { entitlement: await entitlement.join(request.auth, request.params.token) }),
  );
}

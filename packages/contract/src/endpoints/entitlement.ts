import { endpoint } from "../endpoint.ts";

const tags = ["app: entitlement"];

export const entitlementEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/v1/app/entitlement",
    access: "authenticated",
    tags,
    summary: "The listener's entitlement",
    description: "Whether the listener is paid, until when, days left, and from which business purchase.",
    response: { 200: "entitlementResponseSchema" },
  }),
  preview: endpoint({
    method: "POST",
    path: "/api/v1/app/redeem/preview",
    access: "authenticated",
    tags,
    summary: "What a code would give",
    description:
      "Says which business a code is from, how many months it gives, whether it is used, and the paid end now (when entitled) and once redeemed, without using it.",
    body: "codeBodySchema",
    response: { 200: "redeemPreviewResponseSchema" },
  }),
  redeem: endpoint({
    method: "POST",
    path: "/api/v1/app/redeem",
    access: "authenticated",
    tags,
    summary: "Redeem a business code",
    description:
      "Redeems a code (verified address; one code per purchase) and extends the entitlement from its current end; a listener entitled already sends confirm: true (else 409 confirmation_required, nothing used).",
    body: "appRedeemBodySchema",
    response: { 200: "appRedeemResponseSchema" },
  }),
  join: endpoint({
    method: "POST",
    path: "/api/v1/app/join/:token",
    access: "authenticated",
    tags,
    summary: "Take a free seat through a business's join link",
    description:
      "For a verified address at one of the business's join domains: a free seat (unsent first, then freed) is given to it and redeemed; 403 for another domain, 409 when no seat is free or one is held already.",
    params: "joinParamsSchema",
    response: { 200: "appRedeemResponseSchema" },
  }),
};

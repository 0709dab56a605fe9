import { endpoint } from "../endpoint.ts";

const tags = ["business"];

export const purchasesEndpoints = {
  startCheckout: endpoint({
    method: "POST",
    path: "/api/v1/user/stripe-payment",
    access: "public",
    tags,
    summary:
      "Buy Now: prices the order on the server (any amount sent is ignored), records it and answers the payment page (Stripe Checkout, or the test checkout)",
    description:
      "Sets an httpOnly single-use cookie bound to this checkout (`serene_checkout`, a day): after the payment, `create-coupons` from this browser signs it in to the business portal. `sessionReturn: true` (Serene's own pages) comes back to `/checkout?session_id=…` alone and the purchase e-mail points to the portal instead of listing codes; without it (the specification's client) the return URL carries assignedName, email, totalUsers and totalMonths, and the e-mail lists the codes.",
    body: "stripePaymentBodySchema",
    response: { 200: "stripePaymentResponseSchema" },
  }),
  createCoupons: endpoint({
    method: "POST",
    path: "/api/v1/user/create-coupons",
    access: "public",
    tags,
    summary:
      "The /checkout page's call: confirms the payment on the server, creates one code per employee once, and e-mails them (402 until paid)",
    description:
      "From the browser that started the checkout (its `serene_checkout` cookie), once the payment is confirmed: a portal session too (the `serene_portal` cookie is set, `signedIn: true`); the cookie is used up. Any other caller: `signedIn: false`.",
    body: "createCouponsBodySchema",
    response: { 200: "createCouponsResponseSchema" },
  }),
  testCheckout: endpoint({
    method: "GET",
    path: "/api/v1/user/test-checkout/:id",
    access: "public",
    tags,
    summary: "The built-in test checkout page (only without STRIPE_SECRET_KEY)",
    params: "idParamsSchema",
  }),
  payTestCheckout: endpoint({
    method: "POST",
    path: "/api/v1/user/test-checkout/:id/pay",
    access: "public",
    tags,
    summary: "Pay on the test checkout: marks the purchase paid and redirects (303) to /checkout",
    description:
      "The form's `address` and `taxId` (optional) are the buyer's billing details, as Stripe's page collects them: they go on the business and its first invoice.",
    params: "idParamsSchema",
    body: "testCheckoutPayBodySchema",
  }),
  redeemCode: endpoint({
    method: "POST",
    path: "/api/v1/user/redeem-code",
    access: "authenticated",
    tags,
    summary: "Redeem a subscription code (signed-in app user): paid for 12 months from now",
    body: "redeemCodeBodySchema",
    response: { 200: "redeemCodeResponseSchema" },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/v1/user/purchases",
    access: "admin",
    tags,
    summary: "Business purchases, newest first (paged; search by business or e-mail; filter by state)",
    query: "purchaseListQuerySchema",
    response: { 200: "purchaseListResponseSchema" },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/v1/user/purchases/export",
    access: "admin",
    tags,
    summary:
      "The purchases list as CSV (the list's filters, every matching purchase, newest first, streamed); the export is recorded",
    query: "purchaseFilterSchema",
    produces: ["text/csv"],
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/user/purchases/:id",
    access: "admin",
    tags,
    summary: "One purchase with its codes (redeemed or not, by whom, expiry)",
    params: "idParamsSchema",
    response: { 200: "purchaseDetailResponseSchema" },
  }),
  resend: endpoint({
    method: "POST",
    path: "/api/v1/user/purchases/:id/resend",
    access: "admin",
    tags,
    summary: "E-mail the purchase's codes to the business address again",
    params: "idParamsSchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  stripeWebhook: endpoint({
    method: "POST",
    path: "/api/v1/webhooks/stripe",
    access: "public",
    tags,
    summary:
      "Stripe webhook: verifies the Stripe-Signature over the raw body; handles checkout.session.completed / expired (idempotent)",
    response: { 200: "okEnvelopeSchema" },
  }),
};

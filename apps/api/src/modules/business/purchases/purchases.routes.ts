import {
  CHECKOUT_BROWSER_COOKIE,
  createCouponsBodySchema,
  createCouponsResponseSchema,
  idParamsSchema,
  okEnvelopeSchema,
  purchaseDetailResponseSchema,
  purchaseFilterSchema,
  purchaseListQuerySchema,
  purchaseListResponseSchema,
  redeemCodeBodySchema,
  redeemCodeResponseSchema,
  stripePaymentBodySchema,
  stripePaymentResponseSchema,
  testCheckoutPayBodySchema,
} from "@serene/contract";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendCsv } from "../../../lib/csv.ts";
import { pageMeta } from "../../../lib/paging.ts";
import { listReply, ok } from "../../../lib/reply.ts";
import type { FormPost } from "../../../plugins/form-posts.ts";
import type { App } from "../../../plugins/types.ts";
import {
  clearCheckoutCookie,
  type CookieOptions,
  setCheckoutCookie,
  setPortalSessionCookie,
} from "../portal/portal-cookies.ts";
import type { PortalService } from "../portal/portal.service.ts";
import { purchaseCsv, toCode, toPurchase } from "./purchases.presenter.ts";
import type { BusinessService } from "./purchases.service.ts";
import { testCheckoutCsp, testCheckoutPage } from "./test-checkout.page.ts";

/** The Plan modal of /business also posts as a plain HTML form: the answer sends the browser to pay. */
const planFormPost: FormPost = {
  page: "/business",
  pageName: "For Business",
  doneTitle: "Taking you to payment",
  redirectTo: (data) => (data as { paymentLink?: { url?: string } } | undefined)?.paymentLink?.url,
};

export interface BusinessRoutesOptions extends CookieOptions {
  business: BusinessService;
  /** Signs in the browser that started a paid checkout. */
  portal: PortalService;
  /** config.siteUrl: the test checkout's links. */
  siteUrl: string;
  /** Checkout and coupon calls per client address per window. */
  paymentLimit: { max: number; timeWindow: number };
  /** Redemption attempts per signed-in user per window. */
  redeemLimit: { max: number; timeWindow: number };
}

export async function businessRoutes(app: App, options: BusinessRoutesOptions) {
  const { business, portal, siteUrl, paymentLimit, redeemLimit } = options;
  const tags = ["business"];

  app.post(
    "/stripe-payment",
    {
      config: { access: "public", rateLimit: paymentLimit, formPost: planFormPost },
      schema: {
        tags,
        summary:
          "Buy Now: prices the order on the server (any amount sent is ignored), records it and answers the payment page (Stripe Checkout, or the test checkout)",
        description:
          "Access: public.\nSets an httpOnly single-use cookie bound to this checkout (`serene_checkout`, a day): after the payment, `create-coupons` from this browser signs it in to the business portal. `sessionReturn: true` (Serene's own pages) comes back to `/checkout?session_id=…` alone and the purchase e-mail points to the portal instead of listing codes; without it (the specification's client) the return URL carries assignedName, email, totalUsers and totalMonths, and the e-mail lists the codes.",
        body: stripePaymentBodySchema,
        response: { 200: stripePaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const { purchase, url, browserToken } = await business.startCheckout(request.body);
      setCheckoutCookie(reply, browserToken, options);
      return ok("Checkout created", {
        paymentLink: { url },
        purchaseId: purchase.id,
        amountCents: purchase.amountCents,
        provider: business.paymentMode,
      });
    },
  );

  app.post(
    "/create-coupons",
    {
      config: { access: "public", rateLimit: paymentLimit },
      schema: {
        tags,
        summary:
          "The /checkout page's call: confirms the payment on the server, creates one code per employee once, and e-mails them (402 until paid)",
        description:
          "Access: public.\nFrom the browser that started the checkout (its `serene_checkout` cookie), once the payment is confirmed: a portal session too (the `serene_portal` cookie is set, `signedIn: true`); the cookie is used up. Any other caller: `signedIn: false`.",
        body: createCouponsBodySchema,
        response: { 200: createCouponsResponseSchema },
      },
    },
    async (request, reply) => {
      const purchase = await business.createCoupons(request.body);
      const browserToken = request.cookies[CHECKOUT_BROWSER_COOKIE];
      const session = browserToken ? await portal.sessionAfterCheckout(purchase.id, browserToken) : null;
      if (session) {
        setPortalSessionCookie(reply, session.token, options);
        clearCheckoutCookie(reply);
      }
      return ok(
        purchase.originalClient
          ? `Subscription codes have been sent to ${purchase.email}`
          : `Your seats are ready in your business portal; we sent the details to ${purchase.email}`,
        {
          purchaseId: purchase.id,
          email: purchase.email,
          totalUsers: purchase.totalUsers,
          totalMonths: purchase.totalMonths,
          kind: purchase.kind,
          businessId: purchase.businessId,
          signedIn: Boolean(session),
        },
      );
    },
  );

  // The built-in test checkout: plain HTML (no script) standing in for Stripe's page.
  await app.register(async (scope) => {
    const page = scope.withTypeProvider<ZodTypeProvider>();

    page.get(
      "/test-checkout/:id",
      {
        config: { access: "public" },
        schema: {
          tags,
          summary: "The built-in test checkout page (only without STRIPE_SECRET_KEY)",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const purchase = await business.testCheckout(request.params.id);
        return reply
          .header("Content-Security-Policy", testCheckoutCsp(new URL(siteUrl).origin))
          .header("Cache-Control", "no-store")
          .type("text/html; charset=utf-8")
          .send(
            testCheckoutPage(purchase, {
              payAction: `/api/v1/user/test-checkout/${purchase.id}/pay`,
              cancelUrl: business.cancelUrl(purchase),
              doneUrl: business.returnUrl(purchase),
            }),
          );
      },
    );

    page.post(
      "/test-checkout/:id/pay",
      {
        // The Pay button posts an HTML form.
        config: { access: "public", formPost: planFormPost },
        schema: {
          tags,
          summary: "Pay on the test checkout: marks the purchase paid and redirects (303) to /checkout",
          description:
            "Access: public.\nThe form's `address` and `taxId` (optional) are the buyer's billing details, as Stripe's page collects them: they go on the business and its first invoice.",
          params: idParamsSchema,
          body: testCheckoutPayBodySchema,
        },
      },
      async (request, reply) =>
        reply.redirect(
          await business.payTestCheckout(request.params.id, {
            name: null,
            address: request.body?.address || null,
            taxId: request.body?.taxId || null,
          }),
          303,
        ),
    );
  });

  app.post(
    "/redeem-code",
    {
      config: {
        access: "authenticated",
        rateLimit: {
          ...redeemLimit,
          keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
        },
      },
      schema: {
        tags,
        summary: "Redeem a subscription code (signed-in app user): paid for 12 months from now",
        body: redeemCodeBodySchema,
        response: { 200: redeemCodeResponseSchema },
      },
    },
    async (request) => {
      const { code, user } = await business.redeem(request.auth, request.body.code);
      return ok(`Code redeemed: your subscription runs until ${code.expiresAt!.toISOString().slice(0, 10)}`, {
        code: code.code,
        redeemedAt: code.redeemedAt!.toISOString(),
        expiresAt: code.expiresAt!.toISOString(),
        status: user.status,
        paidUntil: user.paidUntil!.toISOString(),
      });
    },
  );

  app.get(
    "/purchases",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Business purchases, newest first (paged; search by business or e-mail; filter by state)",
        querystring: purchaseListQuerySchema,
        response: { 200: purchaseListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await business.list(request.query);
      const { page, limit } = request.query;
      return listReply("Purchases", rows.map(toPurchase), pageMeta(page, limit, total));
    },
  );

  app.get(
    "/purchases/export",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "The purchases list as CSV (the list's filters, every matching purchase, newest first, streamed); the export is recorded",
        querystring: purchaseFilterSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      sendCsv(reply, "purchases", purchaseCsv, await business.exportRows(request.auth, request.query)),
  );

  app.get(
    "/purchases/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "One purchase with its codes (redeemed or not, by whom, expiry)",
        params: idParamsSchema,
        response: { 200: purchaseDetailResponseSchema },
      },
    },
    async (request) => {
      const found = await business.get(request.params.id);
      return ok("Purchase", { ...toPurchase(found), codes: found.codes.map(toCode) });
    },
  );

  app.post(
    "/purchases/:id/resend",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "E-mail the purchase's codes to the business address again",
        params: idParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      const purchase = await business.resend(request.auth, request.params.id);
      return ok(`Subscription codes have been sent again to ${purchase.email}`);
    },
  );
}

import { CHECKOUT_BROWSER_COOKIE, purchasesEndpoints } from "@serene/contract";
import { listWithExport, route } from "../../../plugins/route.ts";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../../lib/reply.ts";
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
import { iso } from "../../../lib/iso.ts";

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

  route(
    app,
    purchasesEndpoints.startCheckout,
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
    { config: { rateLimit: paymentLimit, formPost: planFormPost } },
  );

  route(
    app,
    purchasesEndpoints.createCoupons,
    async (request, reply) => {
      const purchase = await business.createCoupons(request.body, { ip: request.ip });
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
    { config: { rateLimit: paymentLimit } },
  );

  // The built-in test checkout: plain HTML (no script) standing in for Stripe's page.
  await app.register(async (scope) => {
    const page = scope.withTypeProvider<ZodTypeProvider>();

    route(page, purchasesEndpoints.testCheckout, async (request, reply) => {
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
    });

    route(
      page,
      purchasesEndpoints.payTestCheckout,
      async (request, reply) =>
        reply.redirect(
          await business.payTestCheckout(
            request.params.id,
            {
              name: null,
              address: request.body?.address || null,
              taxId: request.body?.taxId || null,
            },
            { ip: request.ip },
          ),
          303,
        ),
      // The Pay button posts an HTML form.
      { config: { formPost: planFormPost } },
    );
  });

  route(
    app,
    purchasesEndpoints.redeemCode,
    async (request) => {
      const { code, user } = await business.redeem(request.auth, request.body.code);
      return ok(`Code redeemed: your subscription runs until ${iso(code.expiresAt!).slice(0, 10)}`, {
        code: code.code,
        redeemedAt: iso(code.redeemedAt!),
        expiresAt: iso(code.expiresAt!),
        status: user.status,
        paidUntil: iso(user.paidUntil!),
      });
    },
    {
      config: {
        rateLimit: {
          ...redeemLimit,
          keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
        },
      },
    },
  );

  listWithExport(
    app,
    purchasesEndpoints,
    { message: "Purchases", rows: business.list, present: (row) => toPurchase(row) },
    { name: "purchases", columns: purchaseCsv, rows: business.exportRows },
  );

  route(app, purchasesEndpoints.get, async (request) => {
    const found = await business.get(request.params.id);
    return ok("Purchase", { ...toPurchase(found), codes: found.codes.map(toCode) });
  });

  route(app, purchasesEndpoints.resend, async (request) => {
    const purchase = await business.resend(request.auth, request.params.id);
    return ok(`Subscription codes have been sent again to ${purchase.email}`);
  });
}

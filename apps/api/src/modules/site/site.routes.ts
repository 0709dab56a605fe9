import {
  MAX_SEATS,
  MIN_SEATS,
  PRICE_PER_SEAT_CENTS,
  SUBSCRIPTION_MONTHS,
  siteConfigResponseSchema,
} from "@serene/contract";
import type { Config } from "../../config/env.ts";
import type { App } from "../../plugins/types.ts";
import { ok } from "../../lib/reply.ts";

/** The public settings the website shows: contact address, store links, the business plan. */
export async function siteRoutes(app: App, { config }: { config: Config }) {
  const data = {
    supportEmail: config.supportEmail,
    appStoreUrl: config.site.appStoreUrl,
    playStoreUrl: config.site.playStoreUrl,
    demoBookingUrl: config.site.demoBookingUrl,
    pricePerSeatCents: PRICE_PER_SEAT_CENTS,
    minSeats: MIN_SEATS,
    maxSeats: MAX_SEATS,
    months: SUBSCRIPTION_MONTHS,
    paymentMode: config.stripe ? ("stripe" as const) : ("test" as const),
  };

  app.get(
    "/site-config",
    {
      config: { access: "public" },
      schema: {
        tags: ["site"],
        summary: "Public site settings: support e-mail, store and demo links, the business plan",
        response: { 200: siteConfigResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=300");
      return ok("Site configuration", data);
    },
  );
}

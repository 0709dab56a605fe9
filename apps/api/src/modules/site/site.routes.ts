import {
  MAX_SEATS,
  MIN_SEATS,
  PRICE_PER_SEAT_CENTS,
  SUBSCRIPTION_MONTHS,
  siteEndpoints,
} from "@serene/contract";
import { route } from "../../plugins/route.ts";
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

  route(app, siteEndpoints.config, async (_request, reply) => {
    reply.header("Cache-Control", "public, max-age=300");
    return ok("Site configuration", data);
  });
}

import { MAX_SEATS, MIN_SEATS, PRICE_PER_SEAT_CENTS, SUBSCRIPTION_MONTHS } from "@serene/contract/business";

/** The public settings the site shows (GET /user/site-config): contacts, store links, plan limits. */
export interface SiteConfig {
  supportEmail: string;
  appStoreUrl: string;
  playStoreUrl: string;
  demoBookingUrl: string;
  pricePerSeatCents: number;
  minSeats: number;
  maxSeats: number;
  months: number;
}

/**
 * What the pages are prerendered with. The API server reads these back from the built HTML's
 * embedded config and, when its SUPPORT_EMAIL, APP_STORE_URL, PLAY_STORE_URL or DEMO_BOOKING_URL
 * differ, puts its own values into the pages it sends. The API's defaults for those variables
 * equal these (apps/api/src/config/env.test.ts checks).
 */
export const defaultSiteConfig: SiteConfig = {
  supportEmail: "support@serene.example",
  appStoreUrl: "https://apps.apple.com/app/serene",
  playStoreUrl: "https://play.google.com/store/apps/details?id=app.serene",
  demoBookingUrl: "mailto:support@serene.example?subject=Serene%20demo",
  pricePerSeatCents: PRICE_PER_SEAT_CENTS,
  minSeats: MIN_SEATS,
  maxSeats: MAX_SEATS,
  months: SUBSCRIPTION_MONTHS,
};

/** The id of the `<script type="application/json">` every page carries its config in. */
export const SITE_CONFIG_SCRIPT_ID = "site-config";

const textFields = ["supportEmail", "appStoreUrl", "playStoreUrl", "demoBookingUrl"] as const;
const numberFields = ["pricePerSeatCents", "minSeats", "maxSeats", "months"] as const;

/** Checked by hand rather than with a zod schema: public pages must not load zod. */
export function isSiteConfig(value: unknown): value is SiteConfig {
  if (typeof value !== "object" || value === null) return false;
  const data = value as Record<string, unknown>;
  return (
    textFields.every((field) => typeof data[field] === "string") &&
    numberFields.every((field) => Number.isInteger(data[field]))
  );
}

/** The config as the embedded script's content: JSON that cannot close the script (`<` escaped). */
export function serializeSiteConfig(config: SiteConfig): string {
  return JSON.stringify(config).replace(/</g, "\\u003c");
}

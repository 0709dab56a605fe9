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
 * What the prerendered HTML shows before the browser has asked the server (and all that a
 * visitor without JavaScript sees). Keep in step with the API's defaults for SUPPORT_EMAIL,
 * APP_STORE_URL, PLAY_STORE_URL and DEMO_BOOKING_URL.
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

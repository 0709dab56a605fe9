import { z } from "./zod.ts";
import { envelope } from "./envelope.ts";

/** What the public pages need from the server's configuration (GET /user/site-config). */
export const siteConfigSchema = z.object({
  supportEmail: z.string(),
  appStoreUrl: z.string(),
  playStoreUrl: z.string(),
  /** "Book a free demo" (more than 100 employees). */
  demoBookingUrl: z.string(),
  pricePerSeatCents: z.number().int(),
  minSeats: z.number().int(),
  maxSeats: z.number().int(),
  months: z.number().int(),
  /** Payments go through Stripe ("stripe") or the built-in test checkout ("test"). */
  paymentMode: z.enum(["stripe", "test"]),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const siteConfigResponseSchema = envelope(siteConfigSchema);

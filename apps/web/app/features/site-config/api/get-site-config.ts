import { apiRequest, type ResponseSchema } from "../../../lib/api-client";
import type { SiteConfig } from "../site-config";

interface SiteConfigAnswer {
  data: SiteConfig;
}

const textFields = ["supportEmail", "appStoreUrl", "playStoreUrl", "demoBookingUrl"] as const;
const numberFields = ["pricePerSeatCents", "minSeats", "maxSeats", "months"] as const;

// Checked by hand rather than with a zod schema: public pages must not load zod.
const siteConfigAnswer: ResponseSchema<SiteConfigAnswer> = {
  parse(payload) {
    const data = (payload as { data?: Record<string, unknown> }).data;
    const valid =
      typeof data === "object" &&
      data !== null &&
      textFields.every((field) => typeof data[field] === "string") &&
      numberFields.every((field) => Number.isInteger(data[field]));
    if (!valid) throw new TypeError("Not a site configuration");
    return payload as SiteConfigAnswer;
  },
};

/** GET /user/site-config: contacts, store links and plan limits for the public pages. */
export async function getSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  const answer = await apiRequest("/user/site-config", {
    schema: siteConfigAnswer,
    signal,
    redirectOnUnauthorized: false,
  });
  return answer.data;
}

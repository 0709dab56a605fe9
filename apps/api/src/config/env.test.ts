import { describe, expect, it } from "vitest";
// The web's defaults: what the public pages are prerendered with.
import { defaultSiteConfig } from "../../../web/app/features/site-config/site-config.ts";
import { loadConfig } from "./env.ts";

describe("loadConfig", () => {
  it("defaults the support address and site links to what the web build shows", () => {
    const config = loadConfig({});
    expect({ supportEmail: config.supportEmail, ...config.site }).toEqual({
      supportEmail: defaultSiteConfig.supportEmail,
      appStoreUrl: defaultSiteConfig.appStoreUrl,
      playStoreUrl: defaultSiteConfig.playStoreUrl,
      demoBookingUrl: defaultSiteConfig.demoBookingUrl,
    });
  });

  it("derives the demo link from a configured support address", () => {
    const config = loadConfig({ SUPPORT_EMAIL: "help@calm.test" });
    expect(config.site.demoBookingUrl).toBe("mailto:help@calm.test?subject=Serene%20demo");
  });
});

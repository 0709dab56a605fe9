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

  it("takes the upload pace (16 KiB/s over 30 s unless told) and refuses a pace that is no pace", () => {
    expect(loadConfig({}).media.uploadPace).toEqual({ minBytesPerSecond: 16384, stallMs: 30_000 });
    expect(
      loadConfig({ UPLOAD_MIN_BYTES_PER_SECOND: "1024", UPLOAD_STALL_SECONDS: "1.5" }).media.uploadPace,
    ).toEqual({ minBytesPerSecond: 1024, stallMs: 1500 });
    expect(() => loadConfig({ UPLOAD_STALL_SECONDS: "0" })).toThrow(/UPLOAD_STALL_SECONDS/);
    expect(() => loadConfig({ UPLOAD_MIN_BYTES_PER_SECOND: "0.5" })).toThrow(/UPLOAD_MIN_BYTES_PER_SECOND/);
  });
});

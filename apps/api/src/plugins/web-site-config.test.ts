import { describe, expect, it } from "vitest";
import { acceptedEncoding } from "../lib/compression.ts";
import { embeddedSiteConfig, substituteSiteConfig } from "./web-site-config.ts";

const defaults = {
  supportEmail: "support@serene.example",
  appStoreUrl: "https://apps.apple.com/app/serene",
  playStoreUrl: "https://play.google.com/store/apps/details?id=app.serene",
  demoBookingUrl: "mailto:support@serene.example?subject=Serene%20demo",
  months: 12,
};
const script = (config: object) =>
  `<script type="application/json" id="site-config">${JSON.stringify(config)}</script>`;
const page =
  `<a href="mailto:support@serene.example">support@serene.example</a>` +
  `<a href="mailto:support@serene.example?subject=Serene%20demo">Book a free demo</a>${script(defaults)}`;

describe("substituteSiteConfig", () => {
  it("replaces each value once, the longest first, and the embedded config as a whole", () => {
    const config = {
      ...defaults,
      supportEmail: "help@calm.test",
      demoBookingUrl: "https://cal.example/?a=1&b=2",
    };
    const html = substituteSiteConfig(page, defaults, config);
    expect(html).toBe(
      `<a href="mailto:help@calm.test">help@calm.test</a>` +
        `<a href="https://cal.example/?a=1&amp;b=2">Book a free demo</a>${script(config)}`,
    );
    expect(embeddedSiteConfig(html)).toEqual(config);
  });

  it("leaves a default that is still configured alone, though it contains a changed one", () => {
    const config = { ...defaults, supportEmail: "help@calm.test" };
    const html = substituteSiteConfig(page, defaults, config);
    expect(html).toContain(`href="mailto:support@serene.example?subject=Serene%20demo"`);
    expect(html).toContain(`<a href="mailto:help@calm.test">help@calm.test</a>`);
  });

  it("escapes values for HTML, and `<` in the embedded JSON", () => {
    const config = { ...defaults, appStoreUrl: `https://x.example/?q="'<&>` };
    const html = substituteSiteConfig(
      `<a href="https://apps.apple.com/app/serene">App Store</a>${script(defaults)}`,
      defaults,
      config,
    );
    expect(html).toContain(`<a href="https://x.example/?q=&quot;&#x27;&lt;&amp;&gt;">App Store</a>`);
    expect(html).toContain(String.raw`"appStoreUrl":"https://x.example/?q=\"'\u003c&>"`);
    expect(embeddedSiteConfig(html)).toEqual(config);
  });
});

describe("acceptedEncoding", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["identity", undefined],
    ["gzip, deflate", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["*", "br"],
    ["gzip;q=0, *", "br"],
  ] as const)("%s → %s", (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});

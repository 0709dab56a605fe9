import { defaultSiteConfig, isSiteConfig, SITE_CONFIG_SCRIPT_ID, type SiteConfig } from "./site-config";

// Apart from site-config.ts, which the API's tests read too (without the browser's `document`).

let embedded: SiteConfig | undefined;

/** The config the page's HTML carries (the server's values), read once; the defaults if it has none. */
function pageSiteConfig(): SiteConfig {
  // Prerendering: the server puts its own values into the HTML (and the embedded config) it sends.
  if (typeof document === "undefined") return defaultSiteConfig;
  if (!embedded) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(document.getElementById(SITE_CONFIG_SCRIPT_ID)?.textContent ?? "null");
    } catch {
      parsed = undefined;
    }
    embedded = isSiteConfig(parsed) ? parsed : defaultSiteConfig;
  }
  return embedded;
}

/**
 * The site's public settings: those embedded in the page, which the rest of its HTML was rendered
 * with, so hydration matches and no request is needed. Constant for the page's lifetime.
 */
export function useSiteConfig(): SiteConfig {
  return pageSiteConfig();
}

import { useSyncExternalStore } from "react";
import { getSiteConfig } from "../api/get-site-config";
import { defaultSiteConfig, type SiteConfig } from "../site-config";

// One request per page load, shared by every component that asks.
let loaded: SiteConfig | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load() {
  loading ??= getSiteConfig().then(
    (config) => {
      loaded = config;
      for (const listener of listeners) listener();
    },
    () => {
      // Keep showing the defaults; the next page may try again.
      loading = undefined;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  load();
  return () => {
    listeners.delete(listener);
  };
}

const current = () => loaded ?? defaultSiteConfig;
const prerendered = () => defaultSiteConfig;

/**
 * The site's public settings: the defaults while hydrating (the prerendered HTML shows them, so
 * hydration matches), then the server's values once they arrive.
 */
export function useSiteConfig(): SiteConfig {
  return useSyncExternalStore(subscribe, current, prerendered);
}

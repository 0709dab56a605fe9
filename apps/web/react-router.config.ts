import type { Config } from "@react-router/dev/config";
import {
  notFoundPagePath,
  portalPagePaths,
  prerenderedListenPagePaths,
  publicPagePaths,
} from "@serene/contract";

export default {
  appDirectory: "app",
  // Public pages are prerendered to HTML, and so are the listener's sign-in page and the business
  // portal's sections' first paint (which the browser then takes over); checkout, the back office and the other listener pages render in the browser
  // from __spa-fallback.html, which the API server hands out for those paths.
  ssr: false,
  prerender: [...publicPagePaths, notFoundPagePath, ...prerenderedListenPagePaths, ...portalPagePaths],
} satisfies Config;

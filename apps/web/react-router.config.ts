import type { Config } from "@react-router/dev/config";
import { notFoundPagePath, publicPagePaths } from "@serene/contract";

export default {
  appDirectory: "app",
  // Public pages are prerendered to HTML; sign-in, checkout and the back office render in the
  // browser from __spa-fallback.html, which the API server hands out for those paths.
  ssr: false,
  prerender: [...publicPagePaths, notFoundPagePath],
} satisfies Config;

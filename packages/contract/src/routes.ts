/**
 * The web app's page paths, shared by the web router (which prerenders the public ones)
 * and the API server (which answers 200 for known pages and 404 for everything else).
 */
export const publicPagePaths = [
  "/",
  "/business",
  "/about",
  "/resources",
  "/host",
  "/support",
  "/terms",
  "/privacy-policy",
  "/delete-account",
] as const;

/**
 * The business portal's sections, each its own address. Rendered in the browser, from HTML
 * prerendered with the portal's first paint (the sign-in form signed out, its frame signed in).
 */
export const portalPagePaths = [
  "/business/portal",
  "/business/portal/seats",
  "/business/portal/invite",
  "/business/portal/eligibility",
  "/business/portal/billing",
  "/business/portal/report",
  "/business/portal/admins",
  "/business/portal/activity",
] as const;

/** Pages rendered in the browser (no prerendered HTML but the portal's and listener app's, see portalPagePaths and prerenderedListenPagePaths): sign-in, checkout, back office. */
export const clientPagePaths = [
  "/checkout",
  ...portalPagePaths,
  "/business/portal/signin",
  "/delete-account/confirm",
  "/md-login",
  "/md-login/set-password",
  "/md-login/forgot",
  "/md-login/reset",
  "/admin",
  "/admin/contentPage",
  "/admin/contentPage/:id/review",
  "/admin/createInterest",
  "/admin/series",
  "/admin/users",
  "/admin/hostrequest",
  "/admin/app-management",
  "/admin/feed",
  "/admin/profile",
  "/admin/settings",
  "/admin/activity",
  "/admin/admins",
  "/admin/purchases",
  "/admin/businesses",
  "/admin/support",
  "/admin/deletion-requests",
  "/admin/trash",
  // The listener's web app: every page under /listen (some carry an id: /listen/content/:id).
  "/listen",
  "/listen/*",
] as const;

/**
 * Listener app pages prerendered to HTML that the browser then takes over (hydrates), so that they
 * paint their form before any script has loaded: the sign-in page, and the app's start (/listen),
 * whose HTML is the same form, sent to a signed-out visitor only (a signed-in one gets the shell).
 */
export const prerenderedListenPagePaths = ["/listen/signin", "/listen"] as const;

/**
 * The listener app's sign-in page, coming back to `path` afterwards: where the server sends a
 * signed-out visitor of a signed-in page, and where the app goes when a session ends.
 */
export function listenSignInPath(path: string): string {
  return path === "/listen" ? "/listen/signin" : `/listen/signin?next=${encodeURIComponent(path)}`;
}

/**
 * What the HTML of every /listen page carries (the server puts it in): the app's manifest and theme
 * colour, and noindex (the listener's pages are personal: nothing for a search engine).
 */
export const listenPageHead =
  '<link rel="manifest" href="/listen.webmanifest"/><meta name="theme-color" content="#1f6f6b"/>' +
  '<meta name="robots" content="noindex"/>';

/** Prerendered path whose HTML is the not-found page (the router's catch-all route). */
export const notFoundPagePath = "/404";

/** Where the server serves stored media files (uploads): `/media/<kind>/<name>`. */
export const MEDIA_ROUTE_PREFIX = "/media/";

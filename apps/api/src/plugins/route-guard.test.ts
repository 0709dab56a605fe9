import { endpoints } from "@serene/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../test-support/factories.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";

/**
 * Every route the server registers, checked against this explicit list of public routes:
 * a route added without a guard (or made public without being listed here) fails the suite.
 */
const PUBLIC_ROUTES = [
  "GET /api/health",
  "HEAD /api/health",
  "GET /api/openapi.json",
  "HEAD /api/openapi.json",
  "POST /api/v1/auth/login",
  "POST /api/v1/auth/login/two-factor",
  // The app's accounts: sign-up, address verification, password reset; the interests list.
  "POST /api/v1/auth/signup",
  "POST /api/v1/auth/verify-email",
  "POST /api/v1/auth/password/forgot",
  "POST /api/v1/auth/password/reset",
  "GET /api/v1/app/interests",
  "HEAD /api/v1/app/interests",
  // The app reads these before anyone signs in.
  "GET /api/v1/user/app-message",
  "HEAD /api/v1/user/app-message",
  "GET /api/v1/user/app-version",
  "GET /api/v1/app/config",
  "HEAD /api/v1/app/config",
  // Web Push: the VAPID key a browser subscribes with; the reminder e-mail's one-click unsubscribe.
  "GET /api/v1/app/push/public-key",
  "HEAD /api/v1/app/push/public-key",
  "GET /api/v1/app/reminders/unsubscribe",
  "HEAD /api/v1/app/reminders/unsubscribe",
  "POST /api/v1/app/reminders/unsubscribe",
  "HEAD /api/v1/user/app-version",
  // The public website: site settings, support, account deletion, the business purchase.
  "GET /api/v1/user/site-config",
  "HEAD /api/v1/user/site-config",
  "POST /api/v1/user/support",
  "POST /api/v1/user/delete-account",
  "POST /api/v1/user/delete-account/confirm",
  "POST /api/v1/user/stripe-payment",
  "POST /api/v1/user/create-coupons",
  "GET /api/v1/user/test-checkout/:id",
  "HEAD /api/v1/user/test-checkout/:id",
  "POST /api/v1/user/test-checkout/:id/pay",
  // The business portal's sign-in by e-mailed link.
  "POST /api/v1/business/portal/link",
  "POST /api/v1/business/portal/session",
  "POST /api/v1/business/portal/signout",
  // Stripe calls it; the signature is its credential.
  "POST /api/v1/webhooks/stripe",
];
/** Routes any signed-in user may call (their own session and account). */
const AUTHENTICATED_ROUTES = [
  "POST /api/v1/auth/logout",
  "GET /api/v1/auth/me",
  "HEAD /api/v1/auth/me",
  "POST /api/v1/auth/change-password",
  "PUT /api/v1/auth/profile",
  "GET /api/v1/user/host-request",
  "HEAD /api/v1/user/host-request",
  "POST /api/v1/user/host-request",
  "POST /api/v1/user/redeem-code",
  // The app API (listeners).
  "POST /api/v1/auth/verify-email/resend",
  "GET /api/v1/auth/sessions",
  "HEAD /api/v1/auth/sessions",
  "DELETE /api/v1/auth/sessions/:id",
  "POST /api/v1/auth/sessions/revoke-all",
  "GET /api/v1/app/me",
  "HEAD /api/v1/app/me",
  "PATCH /api/v1/app/me",
  "DELETE /api/v1/app/me",
  "GET /api/v1/app/entitlement",
  "HEAD /api/v1/app/entitlement",
  "POST /api/v1/app/redeem/preview",
  "POST /api/v1/app/redeem",
  "POST /api/v1/app/join/:token",
  "GET /api/v1/app/home",
  "HEAD /api/v1/app/home",
  "GET /api/v1/app/resources",
  "HEAD /api/v1/app/resources",
  "GET /api/v1/app/resources/:id",
  "HEAD /api/v1/app/resources/:id",
  "GET /api/v1/app/interests/:id/resources",
  "HEAD /api/v1/app/interests/:id/resources",
  "POST /api/v1/app/resources/:id/stream",
  "GET /api/v1/app/resources/:id/transcript",
  "HEAD /api/v1/app/resources/:id/transcript",
  "POST /api/v1/app/uploads",
  // The app API, part 2 (listeners): listening, library, stats, inbox.
  "POST /api/v1/app/resources/:id/sessions",
  "POST /api/v1/app/sessions/:id/progress",
  "POST /api/v1/app/sessions/:id/end",
  "POST /api/v1/app/sessions/sync",
  "GET /api/v1/app/progress",
  "HEAD /api/v1/app/progress",
  "DELETE /api/v1/app/progress/:resourceId",
  "GET /api/v1/app/history",
  "HEAD /api/v1/app/history",
  "GET /api/v1/app/favourites",
  "HEAD /api/v1/app/favourites",
  "PUT /api/v1/app/favourites/:resourceId",
  "DELETE /api/v1/app/favourites/:resourceId",
  "GET /api/v1/app/stats",
  "HEAD /api/v1/app/stats",
  "GET /api/v1/app/messages",
  "HEAD /api/v1/app/messages",
  "POST /api/v1/app/messages/:id/read",
  "POST /api/v1/app/messages/read-all",
  "GET /api/v1/app/today",
  "HEAD /api/v1/app/today",
  "GET /api/v1/app/reminders",
  "HEAD /api/v1/app/reminders",
  "PUT /api/v1/app/reminders",
  "POST /api/v1/app/push/subscriptions",
  "DELETE /api/v1/app/push/subscriptions",
  "POST /api/v1/app/push/test",
  "GET /api/v1/app/series",
  "HEAD /api/v1/app/series",
  "GET /api/v1/app/series/:id",
  "HEAD /api/v1/app/series/:id",
];
/** Routes for approved hosts only. */
const HOST_ROUTES = [
  "POST /api/v1/app/host/resources",
  "GET /api/v1/app/host/resources",
  "HEAD /api/v1/app/host/resources",
  "GET /api/v1/app/host/resources/:id",
  "HEAD /api/v1/app/host/resources/:id",
  "GET /api/v1/app/host/resources/:id/stats",
  "HEAD /api/v1/app/host/resources/:id/stats",
  "PATCH /api/v1/app/host/resources/:id",
  "DELETE /api/v1/app/host/resources/:id",
];
/**
 * The business portal's routes (a portal session of an admin of that business; each answers 401
 * without one and 404 for another business: portal.test.ts walks them).
 */
const BUSINESS_ROUTES = [
  "GET /api/v1/business/:id",
  "HEAD /api/v1/business/:id",
  "PATCH /api/v1/business/:id",
  "GET /api/v1/business/:id/seats",
  "HEAD /api/v1/business/:id/seats",
  "POST /api/v1/business/:id/invites",
  "POST /api/v1/business/:id/seats/:seatId/resend",
  "POST /api/v1/business/:id/seats/:seatId/remove",
  "POST /api/v1/business/:id/seats/:seatId/withdraw",
  "POST /api/v1/business/:id/seats/:seatId/readdress",
  "POST /api/v1/business/:id/seats/:seatId/give",
  "POST /api/v1/business/:id/eligibility",
  "GET /api/v1/business/:id/eligibility/removals",
  "HEAD /api/v1/business/:id/eligibility/removals",
  "DELETE /api/v1/business/:id/eligibility/removals/:seatId",
  "GET /api/v1/business/:id/admins",
  "HEAD /api/v1/business/:id/admins",
  "POST /api/v1/business/:id/admins",
  "DELETE /api/v1/business/:id/admins/:email",
  "GET /api/v1/business/:id/activity",
  "HEAD /api/v1/business/:id/activity",
  "POST /api/v1/business/:id/checkout",
  "GET /api/v1/business/:id/report",
  "HEAD /api/v1/business/:id/report",
  "GET /api/v1/business/:id/invoices",
  "HEAD /api/v1/business/:id/invoices",
  "GET /api/v1/business/:id/invoices/:invoiceId.pdf",
  "HEAD /api/v1/business/:id/invoices/:invoiceId.pdf",
];
/**
 * The back office's routes of the app API (admins only). Every route not listed above is
 * admin-only anyway; these are named so that their access is checked explicitly.
 */
const ADMIN_ROUTES = [
  "GET /api/v1/user/app-config",
  "HEAD /api/v1/user/app-config",
  "PUT /api/v1/user/app-config/:platform",
];
/**
 * The back office's routes an editor may call too (access `staff`): the catalogue (contents,
 * interests, series, uploads, a content's listening figures; the contents' bulk publish, decline
 * and delete, and the Undo of a delete: the trash's restore, for an editor of the contents they
 * deleted only, trash.test.ts), hosts' submissions
 * (the review queue) and their alerts, the app's message and broadcasts (with how many users they
 * reach), and their own two-factor sign-in. Every other back-office route is an admin's only:
 * users, purchases, businesses, host requests, support, settings, activity, the admins, the
 * exports, the trash's list, the dashboard's stat cards.
 */
const STAFF_ROUTES = [
  "GET /api/v1/auth/two-factor",
  "HEAD /api/v1/auth/two-factor",
  "POST /api/v1/auth/two-factor/setup",
  "POST /api/v1/auth/two-factor/enable",
  "POST /api/v1/auth/two-factor/disable",
  "POST /api/v1/user/upload",
  "GET /api/v1/user/interests",
  "HEAD /api/v1/user/interests",
  "POST /api/v1/user/interest",
  "PUT /api/v1/user/interest/:id",
  "POST /api/v1/user/interest/delete",
  "GET /api/v1/user/resources",
  "HEAD /api/v1/user/resources",
  "GET /api/v1/user/resources/:id",
  "GET /api/v1/user/resources/:id/history",
  "HEAD /api/v1/user/resources/:id/history",
  "HEAD /api/v1/user/resources/:id",
  "POST /api/v1/user/resources",
  "PUT /api/v1/user/resources/:id",
  "POST /api/v1/user/resources/delete",
  "POST /api/v1/user/resources/bulk",
  "POST /api/v1/user/trash/bulk",
  "POST /api/v1/user/resources/:id/approve",
  "POST /api/v1/user/resources/:id/decline",
  "POST /api/v1/user/resources/:id/feedback",
  "GET /api/v1/user/resources/:id/stats",
  "HEAD /api/v1/user/resources/:id/stats",
  "GET /api/v1/user/top-resources",
  "HEAD /api/v1/user/top-resources",
  "GET /api/v1/user/resources-per-interest",
  "HEAD /api/v1/user/resources-per-interest",
  "GET /api/v1/user/series",
  "HEAD /api/v1/user/series",
  "GET /api/v1/user/series/:id",
  "HEAD /api/v1/user/series/:id",
  "POST /api/v1/user/series",
  "PATCH /api/v1/user/series/:id",
  "DELETE /api/v1/user/series/:id",
  "POST /api/v1/user/app-message",
  "POST /api/v1/user/app-message/delete",
  "POST /api/v1/user/broadcast",
  "GET /api/v1/user/broadcast/audience",
  "HEAD /api/v1/user/broadcast/audience",
  "GET /api/v1/user/notifications",
  "HEAD /api/v1/user/notifications",
  "POST /api/v1/user/notifications/read",
];
/** A few of the admin's own routes, named so the editor's refusal is checked where it matters most. */
const ADMIN_ONLY_EXAMPLES = [
  "GET /api/v1/user/users",
  "GET /api/v1/user/purchases",
  "GET /api/v1/user/businesses",
  "GET /api/v1/user/admins",
  "POST /api/v1/user/admins",
  "PUT /api/v1/user/back-office-settings",
  "GET /api/v1/user/activity/export",
  "POST /api/v1/user/app-version",
  "GET /api/v1/user/resources/export",
  "GET /api/v1/user/dashboard-stats",
  "GET /api/v1/user/trash",
  "POST /api/v1/user/users/bulk",
];
const isDocsRoute = (key: string) => / \/api\/docs(\/|$)/.test(key);

let t: TestApp;
let userToken: string;
let hostToken: string;
let adminToken: string;
let editorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.database.db);
  const host = await buildUser(t.database.db, { role: "host" });
  const admin = await buildUser(t.database.db, { role: "admin" });
  const editor = await buildUser(t.database.db, { role: "editor" });
  userToken = await login(t.app, user.email);
  hostToken = await login(t.app, host.email);
  adminToken = await login(t.app, admin.email);
  editorToken = await login(t.app, editor.email);
});
afterAll(() => t.close());

function apiRoutes() {
  return t.routes.flatMap((r) =>
    [r.method]
      .flat()
      .map((method) => ({ method, url: r.url, access: r.config?.access, key: `${method} ${r.url}` })),
  );
}

const concrete = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "x");

describe("route guard", () => {
  it("knows the routes (the test is looking at something)", () => {
    const keys = apiRoutes().map((r) => r.key);
    expect(keys).toContain("GET /api/v1/user/users");
    expect(keys).toContain("POST /api/v1/auth/login");
  });

  it("every API route is declared once in the contract, with the access it is registered with", () => {
    const declared = Object.values(endpoints)
      .flatMap((area) => Object.values(area))
      .map((e) => `${e.method} ${e.path} ${e.access}`);
    expect(new Set(declared).size).toBe(declared.length);
    const registered = apiRoutes()
      .filter((r) => r.method !== "HEAD" && !/^\/api\/(docs\b|openapi\.json$)/.test(r.url))
      .filter((r) => r.url.startsWith("/api/"))
      .map((r) => `${r.key} ${r.access ?? "admin"}`);
    expect(registered.sort()).toEqual(declared.sort());
  });

  it("every listed route is registered, with the access it is listed under", () => {
    const access = new Map(apiRoutes().map((r) => [r.key, r.access ?? "admin"]));
    const listed = [
      ...PUBLIC_ROUTES.map((key) => [key, "public"]),
      ...AUTHENTICATED_ROUTES.map((key) => [key, "authenticated"]),
      ...HOST_ROUTES.map((key) => [key, "host"]),
      ...BUSINESS_ROUTES.map((key) => [key, "business"]),
      ...ADMIN_ROUTES.map((key) => [key, "admin"]),
      ...ADMIN_ONLY_EXAMPLES.map((key) => [key, "admin"]),
      ...STAFF_ROUTES.map((key) => [key, "staff"]),
    ];
    for (const [key, expected] of listed) expect(access.get(key!), key).toBe(expected);
  });

  it("public routes are exactly the listed ones", () => {
    const publicKeys = apiRoutes()
      .filter((r) => r.access === "public" && r.url.startsWith("/api") && !isDocsRoute(r.key))
      .map((r) => r.key)
      .sort();
    expect(publicKeys).toEqual([...PUBLIC_ROUTES].sort());
  });

  it("every other /api route refuses anonymous callers with 401", async () => {
    const guarded = apiRoutes().filter(
      (r) => r.url.startsWith("/api") && !PUBLIC_ROUTES.includes(r.key) && !isDocsRoute(r.key),
    );
    expect(guarded.length).toBeGreaterThan(AUTHENTICATED_ROUTES.length);
    for (const r of guarded) {
      const res = await t.app.inject({ method: r.method as "GET", url: concrete(r.url) });
      expect(res.statusCode, r.key).toBe(401);
      if (r.method !== "HEAD")
        expect(res.json(), r.key).toMatchObject({ status: false, code: "unauthenticated" });
    }
  });

  const call = (r: { method: string; url: string }, token: string) =>
    t.app.inject({ method: r.method as "GET", url: concrete(r.url), headers: bearer(token) });

  it("admin routes refuse a listener, a host and an editor with 403 and let an admin through", async () => {
    const adminOnly = apiRoutes().filter(
      (r) =>
        r.url.startsWith("/api") &&
        !PUBLIC_ROUTES.includes(r.key) &&
        !AUTHENTICATED_ROUTES.includes(r.key) &&
        !HOST_ROUTES.includes(r.key) &&
        !BUSINESS_ROUTES.includes(r.key) &&
        !STAFF_ROUTES.includes(r.key) &&
        !isDocsRoute(r.key),
    );
    expect(adminOnly.map((r) => r.key)).toEqual(expect.arrayContaining(ADMIN_ONLY_EXAMPLES));
    for (const r of adminOnly) {
      expect(r.access ?? "admin", r.key).toBe("admin");
      for (const token of [userToken, hostToken]) expect((await call(r, token)).statusCode, r.key).toBe(403);
      const editor = await call(r, editorToken);
      expect(editor.statusCode, r.key).toBe(403);
      if (r.method !== "HEAD") expect(editor.json().code, r.key).toBe("forbidden");
      expect([401, 403], r.key).not.toContain((await call(r, adminToken)).statusCode);
    }
  });

  it("the editor's routes are exactly the listed ones: a listener and a host are refused, an editor and an admin let through", async () => {
    const staffKeys = apiRoutes()
      .filter((r) => r.access === "staff")
      .map((r) => r.key)
      .sort();
    expect(staffKeys).toEqual([...STAFF_ROUTES].sort());
    for (const key of STAFF_ROUTES) {
      const [method, url] = key.split(" ") as [string, string];
      for (const token of [userToken, hostToken])
        expect((await call({ method, url }, token)).statusCode, key).toBe(403);
      for (const token of [editorToken, adminToken])
        expect([401, 403], key).not.toContain((await call({ method, url }, token)).statusCode);
    }
  });

  it("host routes refuse anyone but a host with 403", async () => {
    for (const key of HOST_ROUTES) {
      const route = apiRoutes().find((r) => r.key === key);
      expect(route?.access, key).toBe("host");
      const [method, url] = key.split(" ") as [string, string];
      for (const token of [userToken, adminToken]) {
        const res = await t.app.inject({
          method: method as "GET",
          url: concrete(url),
          headers: bearer(token),
        });
        expect(res.statusCode, key).toBe(403);
      }
    }
  });

  it("business portal routes are exactly the listed ones", () => {
    const keys = apiRoutes()
      .filter((r) => r.access === "business")
      .map((r) => r.key)
      .sort();
    expect(keys).toEqual([...BUSINESS_ROUTES].sort());
  });

  it("routes for any signed-in user let a non-admin through", async () => {
    for (const key of AUTHENTICATED_ROUTES.filter((k) => !k.includes("logout"))) {
      const [method, url] = key.split(" ") as [string, string];
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: bearer(userToken),
        payload: {},
      });
      expect([401, 403], key).not.toContain(res.statusCode);
    }
  });

  it("every operation's OpenAPI description opens with the access its guard enforces", async () => {
    const said: Record<string, string> = {
      public: "Access: public.",
      authenticated: "Access: listener.",
      host: "Access: host.",
      business: "Access: business admin.",
      staff: "Access: admin. Editors too.",
      admin: "Access: admin.",
    };
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const documented = apiRoutes().filter(
      (r) =>
        r.method !== "HEAD" && r.url.startsWith("/api/") && !/^\/api\/(docs\b|openapi\.json$)/.test(r.url),
    );
    expect(documented.length).toBeGreaterThan(180);
    const wrong = documented.flatMap((r) => {
      const path = r.url.replace(/:([A-Za-z_]+)/g, "{$1}");
      const description = doc.paths[path]?.[r.method.toLowerCase()]?.description ?? "(none)";
      const expected = said[r.access ?? "admin"]!;
      return description.startsWith(expected)
        ? []
        : [`${r.key}: "${description.split("\n")[0]}", not "${expected}"`];
    });
    expect(wrong).toEqual([]);
  });

  it("the API documentation is public", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe("3.1.0");
    expect(Object.keys(doc.json().paths)).toContain("/api/v1/auth/login");
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });
});

describe("cross-site request defence for cookie sessions", () => {
  const makeHost = async (headers: Record<string, string>, cookie?: string) => {
    const listener = await buildUser(t.database.db);
    return t.app.inject({
      method: "POST",
      url: `/api/v1/user/users/${listener.id}/make-host`,
      headers,
      ...(cookie ? { cookies: { md_session: cookie } } : {}),
    });
  };
  it("refuses a cookie-authenticated write from a foreign Origin with 403", async () => {
    const res = await makeHost({ origin: "https://evil.example" }, adminToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: false, code: "cross_site_request" });
    expect(res.json().message).toMatch(/another site/);
  });

  it("refuses one without Origin whose Sec-Fetch-Site is cross-site, and a `null` Origin", async () => {
    expect((await makeHost({ "sec-fetch-site": "cross-site" }, adminToken)).statusCode).toBe(403);
    expect((await makeHost({ origin: "null" }, adminToken)).statusCode).toBe(403);
  });

  it("lets the server's own origin, same-site fetches and origin-less clients through", async () => {
    expect((await makeHost({ origin: "http://localhost:80" }, adminToken)).statusCode).toBe(200);
    expect((await makeHost({ "sec-fetch-site": "same-origin" }, adminToken)).statusCode).toBe(200);
    expect((await makeHost({}, adminToken)).statusCode).toBe(200);
  });

  it("leaves Bearer calls, reads and the Stripe webhook alone", async () => {
    expect((await makeHost({ origin: "https://evil.example", ...bearer(adminToken) })).statusCode).toBe(200);
    const read = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/me",
      headers: { origin: "https://evil.example" },
      cookies: { md_session: adminToken },
    });
    expect(read.statusCode).toBe(200);
    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/v1/webhooks/stripe",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      payload: "{}",
    });
    expect(webhook.statusCode).not.toBe(403);
  });

  it("takes PUBLIC_URL as the server's origin behind a proxy", async () => {
    const own = await createTestApp({ PUBLIC_URL: "https://serene.example" });
    try {
      const admin = await buildUser(own.database.db, { role: "admin" });
      const listener = await buildUser(own.database.db);
      const token = await login(own.app, admin.email);
      const post = (origin: string) =>
        own.app.inject({
          method: "POST",
          url: `/api/v1/user/users/${listener.id}/make-host`,
          headers: { origin, host: "10.0.0.5:3000" },
          cookies: { md_session: token },
        });
      expect((await post("https://serene.example")).statusCode).toBe(200);
      expect((await post("https://evil.example")).statusCode).toBe(403);
    } finally {
      await own.close();
    }
  });
});

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
/**
 * Every other route's access is the one its contract declaration states (a GET's HEAD twin
 * shares it): the tests below hold the server's answers to it, so a route declared admin that a
 * listener, a host or an editor gets through fails here, whatever the server registered it with.
 */
const declaredAccess = new Map<string, string>(
  Object.values(endpoints)
    .flatMap((area) => Object.values(area))
    .flatMap((e) =>
      (e.method === "GET" ? ["GET", "HEAD"] : [e.method]).map((m) => [`${m} ${e.path}`, e.access] as const),
    ),
);
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

  it("the admin's examples are declared and registered admin-only", () => {
    const access = new Map(apiRoutes().map((r) => [r.key, r.access ?? "admin"]));
    for (const key of ADMIN_ONLY_EXAMPLES) {
      expect(declaredAccess.get(key), key).toBe("admin");
      expect(access.get(key), key).toBe("admin");
    }
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
    expect(guarded.length).toBeGreaterThan(150);
    for (const r of guarded) {
      const res = await t.app.inject({ method: r.method as "GET", url: concrete(r.url) });
      expect(res.statusCode, r.key).toBe(401);
      if (r.method !== "HEAD")
        expect(res.json(), r.key).toMatchObject({ status: false, code: "unauthenticated" });
    }
  });

  const call = (r: { method: string; url: string }, token: string) =>
    t.app.inject({ method: r.method as "GET", url: concrete(r.url), headers: bearer(token) });

  /** The registered routes whose declaration says `access`. */
  const declared = (access: string) => apiRoutes().filter((r) => declaredAccess.get(r.key) === access);

  it("admin routes refuse a listener, a host and an editor with 403 and let an admin through", async () => {
    const adminOnly = declared("admin");
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

  it("the editor's routes refuse a listener and a host, and let an editor and an admin through", async () => {
    const staff = declared("staff");
    expect(staff.length).toBeGreaterThan(30);
    for (const r of staff) {
      for (const token of [userToken, hostToken]) expect((await call(r, token)).statusCode, r.key).toBe(403);
      for (const token of [editorToken, adminToken])
        expect([401, 403], r.key).not.toContain((await call(r, token)).statusCode);
    }
  });

  it("host routes refuse anyone but a host with 403", async () => {
    const host = declared("host");
    expect(host.length).toBeGreaterThan(5);
    for (const r of host)
      for (const token of [userToken, adminToken]) expect((await call(r, token)).statusCode, r.key).toBe(403);
  });

  it("routes for any signed-in user let a non-admin through", async () => {
    const authenticated = declared("authenticated").filter((r) => !r.key.includes("logout"));
    expect(authenticated.length).toBeGreaterThan(40);
    for (const r of authenticated) {
      const res = await t.app.inject({
        method: r.method as "GET",
        url: r.url,
        headers: bearer(userToken),
        payload: {},
      });
      expect([401, 403], r.key).not.toContain(res.statusCode);
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

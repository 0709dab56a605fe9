import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessPurchases, deletionRequests, supportMessages } from "../db/schema/index.ts";
import { buildUser } from "../test-support/factories.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";
import { eventually, outboxFor } from "../test-support/mail.ts";

/** A web build whose form pages have the site's frame around their main content. */
function fakeWebBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-web-forms-"));
  const page = (title: string) =>
    `<!DOCTYPE html><html><head><title>${title}</title></head><body><header>site header</header>` +
    `<main id="main" class="site-main"><form>the ${title} form</form></main><footer>site footer</footer>` +
    `<script type="module">import("/assets/page.js")</script></body></html>`;
  for (const [file, title] of <[string, string][]>[
    ["support/index.html", "Support"],
    ["delete-account/index.html", "Delete account"],
    ["business/index.html", "For Business"],
    ["__spa-fallback.html", "shell"],
  ]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), page(title));
  }
  return dir;
}

let t: TestApp;
const ORIGIN = "https://serene.example.com";
beforeAll(async () => {
  t = await createTestApp({
    WEB_BUILD_DIR: fakeWebBuild(),
    PUBLIC_URL: ORIGIN,
    SUPPORT_REQUESTS_PER_ADDRESS: "100",
  });
});
afterAll(() => t.close());

const sameOrigin = { "sec-fetch-site": "same-origin" };
const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = sameOrigin) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/user${url}`,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

const supportFields = {
  fullName: "Ada <b>Lovelace</b>",
  email: "ada@example.test",
  subject: "Sleep stories",
  message: "Could you add more stories set by the sea?",
};
const messagesFrom = (email: string) =>
  t.database.db.select().from(supportMessages).where(eq(supportMessages.email, email));

describe("plain HTML form posts from the public pages", () => {
  it("the support form is stored and answered with a page in the site's frame, without scripts", async () => {
    const res = await form("/support", supportFields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("site header");
    expect(res.body).toContain("site footer");
    expect(res.body).not.toContain("the Support form");
    expect(res.body).not.toContain("<script");
    expect(res.body).toContain("<title>Message sent · Serene</title>");
    expect(res.body).toMatch(/<h1[^>]*>Message sent<\/h1>/);
    // The JSON call's own message, escaped.
    expect(res.body).toContain("Thank you, Ada &lt;b&gt;Lovelace&lt;/b&gt;.");
    expect(res.body).toContain('href="/support"');
    expect(await messagesFrom("ada@example.test")).toHaveLength(1);
  });

  it("refuses bad fields with the JSON call's messages on a 400 page, and stores nothing", async () => {
    const res = await form("/support", { ...supportFields, email: "grace@example.test", message: "short" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toMatch(/<h1[^>]*>Your form was not sent<\/h1>/);
    expect(res.body).toContain("<li>Message must be at least 10 characters</li>");
    expect(await messagesFrom("grace@example.test")).toHaveLength(0);
  });

  it("takes the delete-account form: a confirmation link goes to the account, nothing is filed yet", async () => {
    const user = await buildUser(t.database.db, { email: "leaving@example.test" });
    const res = await form("/delete-account", { email: user.email, reason: "" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Check your inbox<\/h1>/);
    const rows = await t.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.email, user.email));
    expect(rows).toHaveLength(0);
    const [mail] = await eventually(() => {
      const mails = outboxFor(t.config.mail.outboxDir, user.email);
      if (!mails.length) throw new Error("no confirmation e-mail yet");
      return mails;
    });
    expect(mail?.text).toContain("/delete-account/confirm?token=");
  });

  it("sends the Plan form to the payment page with a 303, priced on the server", async () => {
    const res = await form("/stripe-payment", {
      email: "people@calm.example",
      assignedName: "Calm Company",
      totalUsers: "7",
      totalMonths: "12",
    });
    expect(res.statusCode, res.body).toBe(303);
    const [purchase] = await t.database.db
      .select()
      .from(businessPurchases)
      .where(eq(businessPurchases.email, "people@calm.example"));
    expect(purchase?.amountCents).toBe(7 * 4999);
    expect(res.headers.location).toBe(`${ORIGIN}/api/v1/user/test-checkout/${purchase?.id}`);
  });

  it("accepts an Origin equal to the site's when the browser sends no Sec-Fetch-Site", async () => {
    const res = await form(
      "/support",
      { ...supportFields, email: "origin@example.test" },
      { origin: ORIGIN },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await messagesFrom("origin@example.test")).toHaveLength(1);
  });

  it("refuses posts from other sites, or that do not say where they come from (403), storing nothing", async () => {
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      {},
    ]) {
      const res = await form("/support", { ...supportFields, email: "csrf@example.test" }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("Forms can only be sent from this site");
    }
    expect(await messagesFrom("csrf@example.test")).toHaveLength(0);
  });

  it("other calls still take only JSON, so no cross-site form can reach them", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded", ...sameOrigin },
      payload: "email=a%40b.test&password=x",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: false, code: "unsupported_media_type" });
  });

  it("the JSON call answers JSON as before", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/support",
      payload: { ...supportFields, email: "json@example.test" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
  });
});

describe("form posts and JSON calls share one rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ WEB_BUILD_DIR: fakeWebBuild(), SUPPORT_REQUESTS_PER_ADDRESS: "2" });
  });
  afterAll(() => limited.close());

  it("answers the third request of the window with a 429 page", async () => {
    const json = await limited.app.inject({
      method: "POST",
      url: "/api/v1/user/support",
      payload: supportFields,
    });
    expect(json.statusCode).toBe(200);
    const post = () =>
      limited.app.inject({
        method: "POST",
        url: "/api/v1/user/support",
        headers: { "content-type": "application/x-www-form-urlencoded", ...sameOrigin },
        payload: new URLSearchParams(supportFields).toString(),
      });
    expect((await post()).statusCode).toBe(200);
    const third = await post();
    expect(third.statusCode).toBe(429);
    expect(third.headers["content-type"]).toContain("text/html");
    expect(third.body).toContain("Too many requests");
  });
});

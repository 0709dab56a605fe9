import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityLog,
  businessPurchases,
  notifications,
  subscriptionCodes,
  users,
} from "../../../db/schema/index.ts";
import { createMailer } from "../../mail/index.ts";
import { buildApp } from "../../../app.ts";
import { bearer, buildUser, login } from "../../../test-support/factories.ts";
import { createTestApp, useTestApp } from "../../../test-support/harness.ts";
import { codesIn, outboxFor } from "../../../test-support/mail.ts";
import { createBusinessService } from "./purchases.service.ts";

const t = useTestApp({ as: "admin", config: { PUBLIC_URL: "https://serene.example.com" } });

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `/api/v1/user${url}`, payload, headers });
const admin = (method: "GET" | "POST", url: string) =>
  t.app.inject({ method, url: `/api/v1/user${url}`, headers: bearer(t.token) });
const outbox = (address: string) => outboxFor(t.config.mail.outboxDir, address);
const codesOf = (purchaseId: string) =>
  t.database.db.select().from(subscriptionCodes).where(eq(subscriptionCodes.purchaseId, purchaseId));

let n = 0;
/** A fresh buyer, so each test has its own purchase and mailbox. */
const order = (overrides: Record<string, unknown> = {}) => ({
  assignedName: `Calm Co ${++n}`,
  email: `buyer-${n}-${Date.now()}@example.test`,
  totalUsers: 7,
  totalMonths: 12,
  ...overrides,
});

async function startPurchase(body = order()) {
  const res = await post("/stripe-payment", body);
  expect(res.statusCode, res.body).toBe(200);
  return { body, ...(res.json().data as { purchaseId: string; paymentLink: { url: string } }) };
}

/** Pays on the built-in test checkout; answers the /checkout URL it redirects to. */
async function payTest(purchaseId: string) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/user/test-checkout/${purchaseId}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    payload: "",
  });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location as string);
}

describe("POST /stripe-payment", () => {
  it("prices the order on the server in cents, ignoring any amount the client sends", async () => {
    const body = order({ totalUsers: 5, amount: 1, amountCents: 1, price: 0.01 });
    const res = await post("/stripe-payment", body);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().status).toBe(true);
    expect(data).toMatchObject({ amountCents: 24995, provider: "test" });
    expect(data.paymentLink.url).toBe(
      `https://serene.example.com/api/v1/user/test-checkout/${data.purchaseId}`,
    );
    const [row] = await t.database.db
      .select()
      .from(businessPurchases)
      .where(eq(businessPurchases.id, data.purchaseId));
    expect(row).toMatchObject({
      amountCents: 24995,
      currency: "usd",
      state: "pending",
      provider: "test",
      totalUsers: 5,
      totalMonths: 12,
      email: body.email,
      providerSessionId: `test_${data.purchaseId}`,
    });
    const hundred = await post("/stripe-payment", order({ totalUsers: 100 }));
    expect(hundred.json().data.amountCents).toBe(499900);
  });

  it("validates each field with the spec's messages", async () => {
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [order({ email: "" }), "email", "Please provide your email address"],
      [order({ email: "not-an-email" }), "email", /valid e-mail/],
      [order({ assignedName: "" }), "assignedName", "Please provide your Business Name"],
      [order({ assignedName: "   " }), "assignedName", "Please provide your Business Name"],
      [order({ totalUsers: 4 }), "totalUsers", /between 5 and 100/],
      [order({ totalUsers: 101 }), "totalUsers", /book a free demo/],
      [order({ totalUsers: 7.5 }), "totalUsers", /whole number/],
      [order({ totalUsers: "seven" }), "totalUsers", /whole number/],
      [order({ totalMonths: 6 }), "totalMonths", /12 months/],
      [order({ totalMonths: 24 }), "totalMonths", /12 months/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post("/stripe-payment", payload);
      expect(res.statusCode, `${field} ${JSON.stringify(payload[field])}`).toBe(400);
      const error = res.json().errors.find((e: { field: string }) => e.field === field);
      expect(error?.message, field).toMatch(message);
    }
    const missing = await post("/stripe-payment", {});
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["assignedName", "email", "totalMonths", "totalUsers"]);
    // Digit strings (from a URL) are fine.
    expect((await post("/stripe-payment", order({ totalUsers: "8", totalMonths: "12" }))).statusCode).toBe(
      200,
    );
  });
});

describe("the built-in test checkout", () => {
  it("shows a plain HTML payment page that says it is a test, with its own CSP", async () => {
    const { purchaseId } = await startPurchase(order({ assignedName: "Calm & <Co>", totalUsers: 7 }));
    const res = await t.app.inject({ method: "GET", url: `/api/v1/user/test-checkout/${purchaseId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("Test mode — no real payment is taken");
    expect(res.body).toContain("Calm &amp; &lt;Co&gt;");
    expect(res.body).toContain("7 × $49.99");
    expect(res.body).toContain("$349.93");
    expect(res.body).toMatch(
      new RegExp(`<form method="post" action="/api/v1/user/test-checkout/${purchaseId}/pay">`),
    );
    // Cancel goes back to /business, which says the checkout was cancelled.
    expect(res.body).toContain('href="https://serene.example.com/business?checkout=cancelled"');
    expect(res.body).not.toContain("<script");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("form-action 'self' https://serene.example.com");
    expect(csp).toContain("default-src 'none'");
  });

  it("Pay marks the purchase paid once and redirects to /checkout with the session id alone (Serene's own pages ask for it)", async () => {
    const { purchaseId } = await startPurchase(order({ sessionReturn: true }));
    const location = await payTest(purchaseId);
    expect(`${location.origin}${location.pathname}`).toBe("https://serene.example.com/checkout");
    // No e-mail or business name in the URL.
    expect(Object.fromEntries(location.searchParams)).toEqual({ session_id: `test_${purchaseId}` });
    await payTest(purchaseId);
    const [row] = await t.database.db
      .select()
      .from(businessPurchases)
      .where(eq(businessPurchases.id, purchaseId));
    expect(row).toMatchObject({ state: "paid", paidAt: expect.any(Date) });
    // One alert and one Feed entry, however often Pay is pressed.
    const alerts = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, purchaseId));
    expect(alerts.map((a) => [a.kind, a.title])).toEqual([["purchase", "New purchase"]]);
    const log = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, purchaseId));
    expect(log.map((l) => l.action)).toEqual(["purchase.paid"]);
    // Paid: the page now says so.
    const page = await t.app.inject({ method: "GET", url: `/api/v1/user/test-checkout/${purchaseId}` });
    expect(page.body).toContain("This purchase is paid");
  });

  it("answers 404 for unknown purchases", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/test-checkout/00000000-0000-4000-8000-000000000000",
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /create-coupons", () => {
  it("before payment: 402 with a clear message, and no codes", async () => {
    const { purchaseId, body } = await startPurchase();
    const res = await post("/create-coupons", body);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      status: false,
      code: "payment_required",
      message: "We have not received the payment for this purchase yet",
    });
    expect(await codesOf(purchaseId)).toEqual([]);
    const unknown = await post("/create-coupons", order());
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json().message).toMatch(/We found no purchase/);
    // A made-up session id proves nothing.
    const forged = await post("/create-coupons", { ...body, session_id: "test_made-up" });
    expect(forged.statusCode).toBe(402);
    const forgedAlone = await post("/create-coupons", { session_id: "test_made-up" });
    expect(forgedAlone.statusCode).toBe(402);
    expect(forgedAlone.json().message).toBe("We found no purchase for this payment");
    // Without a session id, the spec's details are required, each named.
    const bare = await post("/create-coupons", { totalMonths: 12 });
    expect(bare.statusCode).toBe(400);
    expect(
      bare
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["assignedName", "email", "totalUsers"]);
  });

  it("after payment: exactly totalUsers codes, e-mailed once to the business; a reload changes nothing", async () => {
    const { purchaseId, body } = await startPurchase();
    const location = await payTest(purchaseId);
    // The /checkout page sends what its URL carries: the session id alone.
    const query = Object.fromEntries(location.searchParams);
    const res = await post("/create-coupons", query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: `Subscription codes have been sent to ${body.email}`,
      data: { purchaseId, email: body.email, totalUsers: 7, totalMonths: 12 },
    });

    const codes = await codesOf(purchaseId);
    expect(codes).toHaveLength(7);
    for (const c of codes) expect(c.code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}(-[2-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(codes.map((c) => c.code)).size).toBe(7);

    const mails = outbox(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your Serene subscription codes (7 seats)");
    expect(codesIn(mails[0]!.text).sort()).toEqual(codes.map((c) => c.code).sort());
    expect(codesIn(mails[0]!.html).sort()).toEqual(codes.map((c) => c.code).sort());
    // Each code links to the listener web app, which signs the employee up or in and redeems it.
    for (const { code } of codes) {
      expect(mails[0]!.text).toContain(`/listen/redeem?code=${code}`);
      expect(mails[0]!.html).toContain(`/listen/redeem?code=${code}"`);
    }

    // Reload, and the spec's client without a session id: success again, nothing new.
    const again = await post("/create-coupons", query);
    const spec = await post("/create-coupons", { ...body, totalUsers: "7", totalMonths: "12" });
    for (const r of [again, spec]) {
      expect(r.statusCode).toBe(200);
      expect(r.json().message).toBe(`Subscription codes have been sent to ${body.email}`);
    }
    expect(await codesOf(purchaseId)).toHaveLength(7);
    expect(outbox(body.email)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(businessPurchases)
      .where(eq(businessPurchases.id, purchaseId));
    expect(row!.codesCreatedAt).toBeInstanceOf(Date);
    expect(row!.codesEmailedAt).toBeInstanceOf(Date);
  });

  it("10 concurrent calls create exactly totalUsers codes and one e-mail", async () => {
    const { purchaseId, body } = await startPurchase(order({ totalUsers: 12 }));
    await payTest(purchaseId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post("/create-coupons", { ...body, session_id: `test_${purchaseId}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await codesOf(purchaseId)).toHaveLength(12);
    expect(outbox(body.email)).toHaveLength(1);
  });
});

/** A paid purchase with codes; answers its codes. */
async function paidCodes(seats = 5) {
  const { purchaseId, body } = await startPurchase(order({ totalUsers: seats }));
  await payTest(purchaseId);
  expect((await post("/create-coupons", body)).statusCode).toBe(200);
  return { purchaseId, body, codes: (await codesOf(purchaseId)).map((c) => c.code) };
}

describe("POST /redeem-code", () => {
  const redeem = (token: string, code: string) => post("/redeem-code", { code }, bearer(token));

  it("a signed-in user redeems a code (any case, spaces, dashes): paid for 12 months from now", async () => {
    const { codes } = await paidCodes();
    const user = await buildUser(t.database.db);
    const token = await login(t.app, user.email);
    const typed = ` ${codes[0]!.toLowerCase().replaceAll("-", " ")} `;
    const res = await redeem(token, typed);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ code: codes[0], status: "paid" });
    const months =
      (new Date(data.expiresAt).getTime() - new Date(data.redeemedAt).getTime()) / (24 * 3600_000);
    expect(months).toBeGreaterThanOrEqual(365);
    expect(months).toBeLessThanOrEqual(366);
    expect(data.paidUntil).toBe(data.expiresAt);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: "paid" });
    expect(row!.paidUntil!.toISOString()).toBe(data.expiresAt);
    const [code] = await t.database.db
      .select()
      .from(subscriptionCodes)
      .where(eq(subscriptionCodes.code, codes[0]!));
    expect(code).toMatchObject({ redeemedBy: user.id });
  });

  it("used 409, unknown 404, malformed 400, each with a clear message; signed-out 401", async () => {
    const { codes } = await paidCodes();
    const first = await buildUser(t.database.db);
    const second = await buildUser(t.database.db);
    const firstToken = await login(t.app, first.email);
    const secondToken = await login(t.app, second.email);
    expect((await redeem(firstToken, codes[1]!)).statusCode).toBe(200);

    const used = await redeem(secondToken, codes[1]!);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({
      code: "code_used",
      message: "This subscription code has already been used",
    });
    const mine = await redeem(firstToken, codes[1]!);
    expect(mine.json().message).toBe("You have already redeemed this code");

    const unknown = await redeem(secondToken, "ABCD-EFGH-JKMN-PQRS");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/does not exist/);

    for (const bad of ["hello", "ABCD-EFGH-JKMN-PQR", "ABCD-EFGH-JKMN-PQR0", "ABCD-EFGH-JKMN-PQRI"]) {
      const res = await redeem(secondToken, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: "code" });
    }
    expect((await post("/redeem-code", { code: codes[2] })).statusCode).toBe(401);
  });

  it("two users racing for one code: exactly one wins", async () => {
    const { codes } = await paidCodes();
    const racers = await Promise.all([buildUser(t.database.db), buildUser(t.database.db)]);
    const tokens = await Promise.all(racers.map((u) => login(t.app, u.email)));
    const results = await Promise.all(tokens.map((token) => redeem(token, codes[3]!)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const paid = await t.database.db
      .select()
      .from(users)
      .where(sql`${users.id} in (${racers[0]!.id}, ${racers[1]!.id}) and ${users.status} = 'paid'`);
    expect(paid).toHaveLength(1);
  });

  it("an expired subscription goes back to free; its code stays used", async () => {
    const { codes } = await paidCodes();
    const user = await buildUser(t.database.db);
    const token = await login(t.app, user.email);
    expect((await redeem(token, codes[4]!)).statusCode).toBe(200);
    // A year later...
    await t.database.db
      .update(users)
      .set({ paidUntil: sql`now() - interval '1 day'` })
      .where(eq(users.id, user.id));
    await t.database.db
      .update(subscriptionCodes)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(subscriptionCodes.code, codes[4]!));
    const result = await t.app.jobs.runOnce();
    expect(result.subscriptionsExpired).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe("free");
    const other = await buildUser(t.database.db);
    const expired = await redeem(await login(t.app, other.email), codes[4]!);
    expect(expired.statusCode).toBe(409);
  });

  it("is rate limited per user", async () => {
    const own = await createTestApp({ REDEEM_ATTEMPTS_PER_USER: "2" });
    try {
      const users = await Promise.all([buildUser(own.database.db), buildUser(own.database.db)]);
      const [a, b] = await Promise.all(users.map((u) => login(own.app, u.email)));
      const call = (token: string) =>
        own.app.inject({
          method: "POST",
          url: "/api/v1/user/redeem-code",
          payload: { code: "ABCD-EFGH-JKMN-PQRS" },
          headers: bearer(token),
        });
      expect([(await call(a!)).statusCode, (await call(a!)).statusCode, (await call(a!)).statusCode]).toEqual(
        [404, 404, 429],
      );
      // Another user on the same address still may.
      expect((await call(b!)).statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });
});

describe("purchases in the back office", () => {
  it("lists purchases with amounts, states and code counts; searchable and filterable", async () => {
    const { purchaseId, body, codes } = await paidCodes(6);
    const user = await buildUser(t.database.db);
    await post("/redeem-code", { code: codes[0] }, bearer(await login(t.app, user.email)));

    const list = await admin("GET", `/purchases?q=${encodeURIComponent(body.assignedName)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        _id: purchaseId,
        assignedName: body.assignedName,
        email: body.email,
        totalUsers: 6,
        amountCents: 29994,
        state: "paid",
        codesIssued: 6,
        codesRedeemed: 1,
      }),
    ]);
    const pending = await admin("GET", "/purchases?state=pending&limit=100");
    expect(pending.json().data.every((p: { state: string }) => p.state === "pending")).toBe(true);
    expect(pending.json().meta).toMatchObject({ page: 1, limit: 100 });

    const detail = await admin("GET", `/purchases/${purchaseId}`);
    expect(detail.statusCode).toBe(200);
    const got = detail.json().data;
    expect(got.codes).toHaveLength(6);
    expect(got.codes.find((c: { code: string }) => c.code === codes[0])).toMatchObject({
      redeemed: true,
      redeemedBy: user.id,
      redeemedByEmail: user.email,
      redeemedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(got.codes.filter((c: { redeemed: boolean }) => !c.redeemed)).toHaveLength(5);
    expect((await admin("GET", "/purchases/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("resend e-mails the codes again (used ones marked) and is logged; refused before there are codes", async () => {
    const { purchaseId, body, codes } = await paidCodes();
    const user = await buildUser(t.database.db);
    await post("/redeem-code", { code: codes[0] }, bearer(await login(t.app, user.email)));
    const res = await admin("POST", `/purchases/${purchaseId}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    const mails = outbox(body.email);
    expect(mails).toHaveLength(2);
    expect(codesIn(mails[1]!.text).sort()).toEqual([...codes].sort());
    expect(mails[1]!.text).toContain(`${codes[0]} (already used)`);
    const log = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, purchaseId));
    expect(log.map((l) => l.action)).toContain("purchase.resend_codes");

    const { purchaseId: unpaid } = await startPurchase();
    const refused = await admin("POST", `/purchases/${unpaid}/resend`);
    expect(refused.statusCode).toBe(409);
  });

  it("a codes e-mail that never went out is sent by the job", async () => {
    const { purchaseId, body } = await paidCodes();
    await t.database.db
      .update(businessPurchases)
      .set({ codesEmailedAt: null, codesCreatedAt: sql`now() - interval '1 hour'` })
      .where(eq(businessPurchases.id, purchaseId));
    const result = await t.app.jobs.runOnce();
    expect(result.codeEmailsSent).toBe(1);
    expect(outbox(body.email)).toHaveLength(2);
    expect((await t.app.jobs.runOnce()).codeEmailsSent).toBe(0);
  });

  it("with several instances, a run of the job is claimed by one and the e-mail goes out once", async () => {
    const { purchaseId, body } = await paidCodes();
    const pending = () =>
      t.database.db
        .update(businessPurchases)
        .set({ codesEmailedAt: null, codesCreatedAt: sql`now() - interval '1 hour'` })
        .where(eq(businessPurchases.id, purchaseId));
    await pending();
    // A second instance on the same database (its close must not close the shared database).
    const two = await buildApp({ config: t.config, database: { ...t.database, close: async () => {} } });
    try {
      const runs = await Promise.all([t.app.jobs.runOnce(), two.jobs.runOnce()]);
      expect(runs.map((r) => r.codeEmailsSent ?? 0).reduce((a, b) => a + b)).toBe(1);
      expect(outbox(body.email)).toHaveLength(2);
    } finally {
      await two.close();
    }

    // Without the job claim, the e-mail's own claim still sends it once.
    await pending();
    const services = [1, 2].map(() =>
      createBusinessService({
        db: t.database.db,
        mailer: createMailer(t.config.mail, t.app.log),
        stripe: null,
        supportEmail: t.config.supportEmail,
        siteUrl: "http://localhost",
        log: t.app.log,
      }),
    );
    const sent = await Promise.all(services.map((s) => s.sendPendingCodeEmails()));
    expect(sent.sort()).toEqual([0, 1]);
    expect(outbox(body.email)).toHaveLength(3);
  });
});

describe("POST /api/v1/webhooks/stripe without Stripe", () => {
  it("answers 404 in the envelope: no webhook here, and no server error", async () => {
    const own = await createTestApp();
    try {
      const res = await own.app.inject({
        method: "POST",
        url: "/api/v1/webhooks/stripe",
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: "not_found" });
    } finally {
      await own.close();
    }
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessPurchases, notifications, subscriptionCodes } from "../../../db/schema/index.ts";
import { bearer } from "../../../test-support/factories.ts";
import { type FakeStripe, signedEvent, startFakeStripe } from "../../../test-support/fake-stripe.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { codesIn, outboxFor } from "../../../test-support/mail.ts";
import { portalLinkToken } from "../../../test-support/portal.ts";

const SECRET_KEY = "sk_test_serene123";
const WEBHOOK_SECRET = "whsec_serene123";

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  t = await createTestApp({
    PUBLIC_URL: "https://serene.example.com",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.base,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const post = (url: string, payload?: object) =>
  t.app.inject({ method: "POST", url: `/api/v1/user${url}`, payload });
const outbox = (address: string) => outboxFor(t.config.mail.outboxDir, address);
const purchaseRow = async (id: string) =>
  (await t.database.db.select().from(businessPurchases).where(eq(businessPurchases.id, id)))[0]!;
const codesOf = (purchaseId: string) =>
  t.database.db.select().from(subscriptionCodes).where(eq(subscriptionCodes.purchaseId, purchaseId));

let n = 0;
const order = (overrides: Record<string, unknown> = {}) => ({
  assignedName: `Stripe Co ${++n}`,
  email: `stripe-buyer-${n}-${Date.now()}@example.test`,
  totalUsers: 6,
  totalMonths: 12,
  ...overrides,
});

async function checkout(body = order()) {
  const res = await post("/stripe-payment", body);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { purchaseId: string; paymentLink: { url: string } };
  const row = await purchaseRow(data.purchaseId);
  return { body, ...data, sessionId: row.providerSessionId! };
}

const webhook = (payload: string, signature?: string, contentType = "application/json; charset=utf-8") =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/webhooks/stripe",
    payload,
    headers: { "content-type": contentType, ...(signature ? { "stripe-signature": signature } : {}) },
  });

describe("POST /stripe-payment with Stripe", () => {
  it("opens a Stripe Checkout Session priced on the server and answers its URL", async () => {
    const before = fake.requests.length;
    const { body, purchaseId, paymentLink, sessionId } = await checkout(
      order({ totalUsers: 6, amount: 1, sessionReturn: true }),
    );
    const session = fake.sessions.get(sessionId)!;
    expect(paymentLink.url).toBe(session.url);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 6 * 4999,
      currency: "usd",
      customer_email: body.email,
      client_reference_id: purchaseId,
      metadata: { purchaseId },
      line_items: [{ quantity: 6, unit_amount: 4999, name: expect.stringContaining("Serene for Business") }],
      cancel_url: "https://serene.example.com/business?checkout=cancelled",
    });
    // Stripe fills the session id in; it must arrive as the literal placeholder. Nothing else
    // rides in the URL (no e-mail, no business name).
    expect(session.success_url).toBe("https://serene.example.com/checkout?session_id={CHECKOUT_SESSION_ID}");
    // The specification's own client (its body without sessionReturn) reads its order from the return URL.
    const spec = await checkout(order({ assignedName: "Calm & Co" }));
    expect(fake.sessions.get(spec.sessionId)!.success_url).toBe(
      `https://serene.example.com/checkout?assignedName=Calm+%26+Co&email=${encodeURIComponent(spec.body.email)}&totalUsers=6&totalMonths=12&session_id={CHECKOUT_SESSION_ID}`,
    );
    const request = fake.requests.slice(before).find((r) => r.method === "POST")!;
    // Stripe's page asks for the tax ID and billing address, makes a customer and its own invoice.
    expect(request.params).toMatchObject({
      customer_creation: "always",
      tax_id_collection: { enabled: "true" },
      billing_address_collection: "required",
      invoice_creation: { enabled: "true" },
    });
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers["idempotency-key"]).toBe(`serene-purchase-${purchaseId}`);
    expect(await purchaseRow(purchaseId)).toMatchObject({
      provider: "stripe",
      state: "pending",
      amountCents: 29994,
    });
  });

  it("answers 502 when Stripe fails, and marks the purchase failed", async () => {
    fake.failNext(5);
    const res = await post("/stripe-payment", order());
    fake.failNext(0);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ status: false, code: "payment_provider_error" });
    const [row] = await t.database.db
      .select()
      .from(businessPurchases)
      .where(eq(businessPurchases.state, "failed"));
    expect(row).toBeTruthy();
  });

  it("has no test checkout while Stripe is configured", async () => {
    const { purchaseId } = await checkout();
    const page = await t.app.inject({ method: "GET", url: `/api/v1/user/test-checkout/${purchaseId}` });
    expect(page.statusCode).toBe(404);
    const pay = await t.app.inject({
      method: "POST",
      url: `/api/v1/user/test-checkout/${purchaseId}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      payload: "",
    });
    expect(pay.statusCode).toBe(404);
    expect((await purchaseRow(purchaseId)).state).toBe("pending");
  });
});

describe("create-coupons with Stripe (session look-up)", () => {
  it("402 while Stripe says unpaid; after payment, the session look-up confirms it and codes go out", async () => {
    const { body, purchaseId, sessionId } = await checkout();
    const unpaid = await post("/create-coupons", { ...body, session_id: sessionId });
    expect(unpaid.statusCode).toBe(402);
    expect(await codesOf(purchaseId)).toEqual([]);

    fake.pay(sessionId);
    const paid = await post("/create-coupons", { ...body, session_id: sessionId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await codesOf(purchaseId)).toHaveLength(6);
    expect(await purchaseRow(purchaseId)).toMatchObject({ state: "paid" });
    const mails = outbox(body.email);
    expect(mails).toHaveLength(1);
    expect(codesIn(mails[0]!.text)).toHaveLength(6);

    // The webhook arriving afterwards changes nothing.
    const { payload, signature } = signedEvent(
      "checkout.session.completed",
      fake.sessions.get(sessionId)!,
      WEBHOOK_SECRET,
    );
    expect((await webhook(payload, signature)).statusCode).toBe(200);
    expect(await codesOf(purchaseId)).toHaveLength(6);
    expect(outbox(body.email)).toHaveLength(1);
  });

  it("the tax ID and address typed on Stripe's page go on the invoice; the page's URL alone finds the purchase", async () => {
    const { body, sessionId } = await checkout();
    fake.pay(sessionId, {
      business_name: body.assignedName,
      address: {
        line1: "1 Main St",
        line2: null,
        city: "Leeds",
        postal_code: "LS1 1AA",
        state: null,
        country: "GB",
      },
      tax_ids: [{ type: "gb_vat", value: "GB987654321" }],
    });
    // The /checkout page sends the session id alone (its URL carries nothing else).
    const paid = await post("/create-coupons", { session_id: sessionId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ email: body.email, totalUsers: 6, totalMonths: 12 });

    const link = await t.app.inject({
      method: "POST",
      url: "/api/v1/business/portal/link",
      payload: { email: body.email },
    });
    expect(link.statusCode).toBe(200);
    const session = await t.app.inject({
      method: "POST",
      url: "/api/v1/business/portal/session",
      payload: { token: await portalLinkToken(t, body.email) },
    });
    const { token, businesses } = session.json().data as { token: string; businesses: { _id: string }[] };
    const id = businesses[0]!._id;
    const business = await t.app.inject({
      method: "GET",
      url: `/api/v1/business/${id}`,
      headers: bearer(token),
    });
    expect(business.json().data).toMatchObject({
      taxId: "GB987654321",
      billingAddress: "1 Main St, LS1 1AA Leeds, GB",
    });
    const invoices = await t.app.inject({
      method: "GET",
      url: `/api/v1/business/${id}/invoices`,
      headers: bearer(token),
    });
    const [invoice] = invoices.json().data as { _id: string; number: string }[];
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/v1/business/${id}/invoices/${invoice!._id}.pdf`,
      headers: bearer(token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toContain("Tax ID: GB987654321");
    expect(pdf.body).toContain("LS1 1AA Leeds");
  });

  it("a paid session for a different amount does not pay the purchase", async () => {
    const { body, sessionId, purchaseId } = await checkout();
    fake.pay(sessionId).amount_total = 100;
    const res = await post("/create-coupons", { ...body, session_id: sessionId });
    expect(res.statusCode).toBe(402);
    expect((await purchaseRow(purchaseId)).state).toBe("pending");
  });
});

describe("POST /webhooks/stripe", () => {
  it("checkout.session.completed (paid) marks the purchase paid, creates the codes and e-mails them", async () => {
    const { body, purchaseId, sessionId } = await checkout();
    const { payload, signature } = signedEvent(
      "checkout.session.completed",
      fake.pay(sessionId),
      WEBHOOK_SECRET,
    );
    const res = await webhook(payload, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    expect(await purchaseRow(purchaseId)).toMatchObject({ state: "paid", codesEmailedAt: expect.any(Date) });
    const codes = await codesOf(purchaseId);
    expect(codes).toHaveLength(6);
    expect(outbox(body.email)).toHaveLength(1);

    // Replayed: nothing changes.
    const replay = await webhook(payload, signature);
    expect(replay.statusCode).toBe(200);
    expect((await codesOf(purchaseId)).map((c) => c.code).sort()).toEqual(codes.map((c) => c.code).sort());
    expect(outbox(body.email)).toHaveLength(1);
    const alerts = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, purchaseId));
    expect(alerts).toHaveLength(1);

    // The buyer's /checkout page then succeeds without creating more.
    const coupons = await post("/create-coupons", { ...body, session_id: sessionId });
    expect(coupons.statusCode).toBe(200);
    expect(await codesOf(purchaseId)).toHaveLength(6);
  });

  it("completed but unpaid (a delayed payment method) does not pay", async () => {
    const { purchaseId, sessionId } = await checkout();
    const session = { ...fake.sessions.get(sessionId)!, status: "complete" };
    const { payload, signature } = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    expect((await webhook(payload, signature)).statusCode).toBe(200);
    expect((await purchaseRow(purchaseId)).state).toBe("pending");
  });

  it("checkout.session.expired marks the purchase expired; create-coupons then says so", async () => {
    const { body, purchaseId, sessionId } = await checkout();
    const { payload, signature } = signedEvent(
      "checkout.session.expired",
      fake.expire(sessionId),
      WEBHOOK_SECRET,
    );
    expect((await webhook(payload, signature)).statusCode).toBe(200);
    expect((await purchaseRow(purchaseId)).state).toBe("expired");
    const res = await post("/create-coupons", { ...body, session_id: sessionId });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("This checkout expired before it was paid");
  });

  it("refuses a wrong signature, an old timestamp and a missing header with 401", async () => {
    const { purchaseId, sessionId } = await checkout();
    const session = fake.pay(sessionId);
    const forged = signedEvent("checkout.session.completed", session, "whsec_someone_else");
    const old = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const good = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    const tampered = good.payload.replace('"amount_total":29994', '"amount_total":1');
    const cases: [string, string | undefined, RegExp][] = [
      [forged.payload, forged.signature, /does not match/],
      [old.payload, old.signature, /too old/],
      [good.payload, undefined, /Missing Stripe-Signature/],
      [tampered, good.signature, /does not match/],
      [good.payload, "garbage", /does not match/],
    ];
    for (const [payload, signature, message] of cases) {
      const res = await webhook(payload, signature);
      expect(res.statusCode, String(message)).toBe(401);
      expect(res.json()).toMatchObject({
        status: false,
        code: "invalid_signature",
        message: expect.stringMatching(message),
      });
    }
    expect((await purchaseRow(purchaseId)).state).toBe("pending");
    expect(await codesOf(purchaseId)).toEqual([]);
  });

  it("answers 400 for a correctly signed body that is not an event", async () => {
    for (const payload of [
      "this is not json",
      "{}",
      '{"id":"evt_1","type":"checkout.session.completed","data":{}}',
    ]) {
      const signature = (await import("stripe")).default.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      });
      const res = await webhook(payload, signature);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: "bad_request" });
    }
  });

  it("accepts events it does not act on", async () => {
    const { payload, signature } = signedEvent(
      "customer.created",
      { id: "cus_1", object: "customer" },
      WEBHOOK_SECRET,
    );
    const res = await webhook(payload, signature);
    expect(res.statusCode).toBe(200);
  });
});

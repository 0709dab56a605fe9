import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../../db/schema/index.ts";
import { bearer } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { codesIn, eventually, outboxFor } from "../../../test-support/mail.ts";
import { portalBusiness } from "../../../test-support/portal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Jar = Record<string, string>;
/** A request from a browser with its cookie jar; the answer's cookies go into the jar. */
async function browser(jar: Jar, method: "GET" | "POST", url: string, payload?: object | string) {
  const form = typeof payload === "string";
  const res = await t.app.inject({
    method,
    url,
    cookies: jar,
    headers: {
      "sec-fetch-site": "same-origin",
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  for (const c of res.cookies) {
    if (c.maxAge === 0 || c.value === "") delete jar[c.name];
    else jar[c.name] = c.value;
  }
  return res;
}

const order = () => {
  const suffix = randomBytes(4).toString("hex");
  return {
    assignedName: `Northwind ${suffix}`,
    email: `hr-${suffix}@northwind.test`,
    totalUsers: 5,
    totalMonths: 12,
  };
};

describe("from payment to portal", () => {
  it("the browser that started the checkout lands signed in after paying, once; another browser gets no session; the address and tax ID typed at checkout are on the first invoice", async () => {
    const body = order();
    const mine: Jar = {};
    const started = await browser(mine, "POST", "/api/v1/user/stripe-payment", {
      ...body,
      sessionReturn: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const cookie = started.cookies.find((c) => c.name === "serene_checkout")!;
    expect(cookie).toMatchObject({ httpOnly: true, path: "/api/v1", sameSite: "Lax" });
    const { purchaseId } = started.json().data;

    // Not paid yet: no codes, no session, and the one-time value stays for after the payment.
    expect(
      (
        await browser({ ...mine }, "POST", "/api/v1/user/create-coupons", {
          session_id: `test_${purchaseId}`,
        })
      ).statusCode,
    ).toBe(402);

    const paid = await browser(
      mine,
      "POST",
      `/api/v1/user/test-checkout/${purchaseId}/pay`,
      new URLSearchParams({
        address: "Rue de la Loi 16, 1000 Brussels, BE",
        taxId: "BE0123456789",
      }).toString(),
    );
    expect(paid.statusCode, paid.body).toBe(303);
    // Serene's own pages come back with the session id alone.
    expect(paid.headers.location).toBe(`${t.config.siteUrl}/checkout?session_id=test_${purchaseId}`);
    const query = { session_id: `test_${purchaseId}` };

    const other: Jar = {};
    const elsewhere = await browser(other, "POST", "/api/v1/user/create-coupons", query);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().data).toMatchObject({ signedIn: false, kind: "first" });
    expect(other.serene_portal).toBeUndefined();

    const back = await browser(mine, "POST", "/api/v1/user/create-coupons", query);
    expect(back.json().data).toMatchObject({ signedIn: true, kind: "first", businessId: expect.any(String) });
    expect(mine.serene_checkout).toBeUndefined();
    const businessId = back.json().data.businessId as string;
    const portal = await browser(mine, "GET", `/api/v1/business/${businessId}`);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().data).toMatchObject({
      taxId: "BE0123456789",
      billingAddress: "Rue de la Loi 16, 1000 Brussels, BE",
    });
    const [invoice] = await t.database.db
      .select({ buyer: invoices.buyer })
      .from(invoices)
      .where(eq(invoices.businessId, businessId));
    expect(invoice!.buyer).toMatchObject({
      taxId: "BE0123456789",
      address: "Rue de la Loi 16, 1000 Brussels, BE",
    });

    // Single use: the same value again (a copied cookie) gets no new session.
    const replay = await browser(
      { serene_checkout: cookie.value },
      "POST",
      "/api/v1/user/create-coupons",
      query,
    );
    expect(replay.json().data.signedIn).toBe(false);
  });

  it("more seats from the portal: its checkout binds the browser too and answers the order's kind and business", async () => {
    const b = await portalBusiness(t, 5);
    const jar: Jar = {};
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/business/${b.businessId}/checkout`,
      headers: bearer(b.token),
      payload: { kind: "add", seats: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    jar.serene_checkout = res.cookies.find((c) => c.name === "serene_checkout")!.value;
    const purchaseId = /test-checkout\/([\w-]+)/.exec(res.json().data.url)![1]!;
    await browser(jar, "POST", `/api/v1/user/test-checkout/${purchaseId}/pay`, "");
    const back = await browser(jar, "POST", "/api/v1/user/create-coupons", {
      session_id: `test_${purchaseId}`,
    });
    expect(back.json().data).toMatchObject({
      signedIn: true,
      kind: "add",
      businessId: b.businessId,
      totalUsers: 2,
    });
  });

  it("the specification's original client buys again: stripe-payment with its body, pay, create-coupons from the return URL's query: codes e-mailed", async () => {
    const body = order();
    const started = await t.app.inject({ method: "POST", url: "/api/v1/user/stripe-payment", payload: body });
    expect(started.statusCode, started.body).toBe(200);
    const { purchaseId } = started.json().data;
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/v1/user/test-checkout/${purchaseId}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      payload: "",
    });
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe("/checkout");
    // What the spec's /checkout page reads, and posts as it is.
    const query = Object.fromEntries(
      ["assignedName", "email", "totalUsers", "totalMonths"].map((k) => [k, back.searchParams.get(k)]),
    );
    expect(query).toEqual({ ...body, totalUsers: "5", totalMonths: "12" });
    expect(back.searchParams.get("session_id")).toBe(`test_${purchaseId}`);
    const coupons = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/create-coupons",
      payload: query,
    });
    expect(coupons.statusCode, coupons.body).toBe(200);
    expect(coupons.json()).toMatchObject({
      status: true,
      message: `Subscription codes have been sent to ${body.email}`,
    });
    const codes = await eventually(() => {
      const mail = outboxFor(t.config.mail.outboxDir, body.email).find((m) =>
        m.subject.includes("subscription codes"),
      );
      if (!mail) throw new Error("no codes e-mail yet");
      return codesIn(mail.text);
    });
    expect(codes).toHaveLength(5);
  });
});

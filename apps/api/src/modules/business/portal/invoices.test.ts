import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SELLER_NAME: "Serene Health Ltd",
    SELLER_ADDRESS: "5 Harbour Road, Dublin D02 Y123, Ireland",
    SELLER_TAX_ID: "IE9876543W",
    SELLER_EMAIL: "billing@serene.test",
    TAX_RATE_PERCENT: "23",
  });
});
afterAll(() => t.close());

/**
 * A first purchase of 5 seats from a browser, paid on the test checkout with this billing
 * address and tax ID; answers the portal cookie that browser lands with, and the business.
 */
async function buy(billing: { address: string; taxId: string }) {
  const suffix = randomBytes(4).toString("hex");
  const body = {
    assignedName: `Acme ${suffix}`,
    email: `ap-${suffix}@acme.test`,
    totalUsers: 5,
    totalMonths: 12,
  };
  const started = await t.app.inject({
    method: "POST",
    url: "/api/v1/user/stripe-payment",
    payload: { ...body, sessionReturn: true },
  });
  const checkout = started.cookies.find((c) => c.name === "serene_checkout")!.value;
  const { purchaseId } = started.json().data;
  await t.app.inject({
    method: "POST",
    url: `/api/v1/user/test-checkout/${purchaseId}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    payload: new URLSearchParams(billing).toString(),
  });
  const back = await t.app.inject({
    method: "POST",
    url: "/api/v1/user/create-coupons",
    cookies: { serene_checkout: checkout },
    payload: { session_id: `test_${purchaseId}` },
  });
  const portal = back.cookies.find((c) => c.name === "serene_portal")!.value;
  return { ...body, businessId: back.json().data.businessId as string, cookies: { serene_portal: portal } };
}

const pdfText = (pdf: Buffer) =>
  execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");

describe("invoices an accounts team accepts", () => {
  it("a buyer with an EU VAT ID of another country: the PDF (read back by pdftotext) names seller, buyer, period, net, 0 % reverse charge, gross, payment, pages", async () => {
    const b = await buy({ address: "Rue de la Loi 16, 1000 Brussels, Belgium", taxId: "BE0123456789" });
    const list = await t.app.inject({
      method: "GET",
      url: `/api/v1/business/${b.businessId}/invoices`,
      cookies: b.cookies,
    });
    expect(list.statusCode, list.body).toBe(200);
    const [invoice] = list.json().data;
    const today = new Date().toISOString().slice(0, 10);
    expect(invoice).toMatchObject({
      total: 24995,
      net: 24995,
      tax: { ratePercent: 0, amount: 0, reverseCharge: true },
      period: { from: today, to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    const pdf = await t.app.inject({ method: "GET", url: invoice.pdfUrl, cookies: b.cookies });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    for (const field of [
      "Serene",
      `Invoice number: ${invoice.number}`,
      `Issue date: ${today}`,
      "Status: Paid",
      "Serene Health Ltd",
      "5 Harbour Road",
      "Dublin D02 Y123",
      "Tax ID: IE9876543W",
      "billing@serene.test",
      b.assignedName,
      "Rue de la Loi 16",
      "1000 Brussels",
      "Tax ID: BE0123456789",
      b.email,
      "12-month employee seats",
      `Service period: ${invoice.period.from} – ${invoice.period.to}, from redemption`,
      "Net",
      "$249.95 USD",
      "Tax 0 % (reverse charge)",
      "$0.00 USD",
      "Total (gross)",
      "Reverse charge: VAT to be accounted for by the recipient",
      `Paid in full on ${today} by the test checkout`,
      "Page 1 of 1",
    ])
      expect(text, field).toContain(field);
  });

  it("a buyer without an EU VAT ID of another country pays TAX_RATE_PERCENT, included in the price", async () => {
    const b = await buy({ address: "2 Quay Street, Cork, Ireland", taxId: "IE1111111A" });
    const [invoice] = (
      await t.app.inject({
        method: "GET",
        url: `/api/v1/business/${b.businessId}/invoices`,
        cookies: b.cookies,
      })
    ).json().data;
    // 23 % included in $249.95: $46.74 tax, $203.21 net.
    expect(invoice).toMatchObject({
      total: 24995,
      net: 20321,
      tax: { ratePercent: 23, amount: 4674, reverseCharge: false },
    });
    const text = pdfText(
      (await t.app.inject({ method: "GET", url: invoice.pdfUrl, cookies: b.cookies })).rawPayload,
    );
    expect(text).toContain("Tax 23 %");
    expect(text).toContain("$46.74 USD");
    expect(text).toContain("$203.21 USD");
    expect(text).not.toContain("reverse charge");
  });
});

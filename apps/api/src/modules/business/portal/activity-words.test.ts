import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { portalBusiness } from "../../../test-support/portal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PATCH", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

describe("the activity log in the buyer's words", () => {
  it("names only the fields that changed, who did what, Serene's own actions as such; no raw field or action names", async () => {
    const b = await portalBusiness(t, 5);
    const current = (await call("GET", `/business/${b.businessId}`, b.token)).json().data;
    // Every field sent, two of them changed.
    const saved = await call("PATCH", `/business/${b.businessId}`, b.token, {
      name: current.name,
      billingEmail: current.billingEmail,
      billingAddress: "1 Main St, Leeds",
      taxId: "GB123456789",
      joinDomains: current.joinDomains,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Nothing changed: nothing to log.
    await call("PATCH", `/business/${b.businessId}`, b.token, { taxId: "GB123456789" });
    await call("POST", `/business/${b.businessId}/invites`, b.token, {
      emails: ["a@acme.test", "b@acme.test", "c@acme.test"],
    });
    const admin = await buildUser(t.database.db, { role: "admin" });
    const adminToken = await login(t.app, admin.email);
    const granted = await call("POST", `/user/businesses/${b.businessId}/seats`, adminToken, {
      seats: 2,
      months: 12,
      reason: "a pilot for the night shift",
    });
    expect(granted.statusCode, granted.body).toBe(200);

    const log = (await call("GET", `/business/${b.businessId}/activity`, b.token)).json().data as {
      actor: string | null;
      summary: string;
      createdAt: string;
    }[];
    expect(log.map((a) => a.summary)).toEqual([
      "Serene support gave 2 free seats: a pilot for the night shift",
      `${b.email} invited 3 people`,
      `${b.email} changed the billing address and the tax ID`,
      expect.stringMatching(/^Paid for 5 seats \(invoice SER-\d{4}-\d{6}\)$/),
    ]);
    for (const a of log) {
      expect(a.summary).not.toMatch(/[a-z][A-Z]/); // billingAddress, taxId, …
      expect(a.summary).not.toMatch(/\b(seats?|business|purchase|admin|checkout|reminder)\.[a-z]/);
      expect(a.createdAt).toEqual(expect.any(String));
    }
  });
});

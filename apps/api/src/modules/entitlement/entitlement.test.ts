import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionCodes, users } from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { buyCodes } from "../../test-support/purchases.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: "POST", url: `/api/v1/app${url}`, payload, headers: token ? bearer(token) : {} });
const DAY = 24 * 3600_000;

describe("POST /app/redeem and /app/redeem/preview", () => {
  it("previews without using, redeems, names the source; a second code of one purchase is refused and stays unused", async () => {
    const { purchaseId, businessName, codes } = await buyCodes(t);
    const token = await login(t.app, (await buildUser(t.database.db)).email);

    const preview = await post("/redeem/preview", { code: codes[0]! }, token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      businessName,
      months: 12,
      alreadyUsed: false,
      paidUntil: null,
      paidUntilAfter: expect.any(String),
    });

    const res = await post("/redeem", { code: codes[0]!.toLowerCase() }, token);
    expect(res.statusCode, res.body).toBe(200);
    const entitlement = res.json().data.entitlement;
    expect(entitlement).toMatchObject({ paid: true, source: { purchaseId, businessName } });
    expect(entitlement.daysLeft).toBeGreaterThanOrEqual(365);
    expect((await post("/redeem/preview", { code: codes[0]! }, token)).json().data.alreadyUsed).toBe(true);

    const second = await post("/redeem", { code: codes[1]! }, token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "code_same_purchase" });
    const [unused] = await t.database.db
      .select()
      .from(subscriptionCodes)
      .where(eq(subscriptionCodes.code, codes[1]!));
    expect(unused!.redeemedAt).toBeNull();

    const other = await login(t.app, (await buildUser(t.database.db)).email);
    expect((await post("/redeem", { code: codes[0]! }, other)).json()).toMatchObject({ code: "code_used" });
    const unknown = await post("/redeem", { code: "ABCD-EFGH-JKMN-PQRS" }, other);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "code_not_found" });
    expect((await post("/redeem/preview", { code: "ABCD-EFGH-JKMN-PQRS" }, other)).json()).toMatchObject({
      code: "code_not_found",
    });
    expect((await post("/redeem", {}, other)).json().errors[0].field).toBe("code");
    expect((await post("/redeem", { code: codes[2]! })).statusCode).toBe(401);
  });

  it("the preview says what a code would make the paid end; the redemption gives that", async () => {
    const { codes } = await buyCodes(t);
    const token = await login(t.app, (await buildUser(t.database.db)).email);
    const preview = (await post("/redeem/preview", { code: codes[0]! }, token)).json().data;
    const res = await post("/redeem", { code: codes[0]! }, token);
    // Not entitled before: both run from "now", a moment apart.
    const gap =
      new Date(res.json().data.entitlement.paidUntil).getTime() - new Date(preview.paidUntilAfter).getTime();
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(30_000);
  });

  it("entitled already: the preview compares the ends; no seat is used until the listener confirms", async () => {
    const first = await buyCodes(t);
    const second = await buyCodes(t);
    const user = await buildUser(t.database.db);
    const token = await login(t.app, user.email);
    const a = await post("/redeem", { code: first.codes[0]! }, token);
    expect(a.statusCode, a.body).toBe(200);
    const firstEnd = new Date(a.json().data.entitlement.paidUntil).getTime();

    const preview = (await post("/redeem/preview", { code: second.codes[0]! }, token)).json().data;
    expect(preview).toMatchObject({ alreadyUsed: false, paidUntil: a.json().data.entitlement.paidUntil });

    for (const body of [{ code: second.codes[0]! }, { code: second.codes[0]!, confirm: false }]) {
      const unconfirmed = await post("/redeem", body, token);
      expect(unconfirmed.statusCode, unconfirmed.body).toBe(409);
      expect(unconfirmed.json()).toMatchObject({ code: "confirmation_required" });
      expect(unconfirmed.json().message).toMatch(
        /^Your premium runs until .+ \d{4}; this code would make it .+ \d{4}\./,
      );
    }
    const [seat] = await t.database.db
      .select()
      .from(subscriptionCodes)
      .where(eq(subscriptionCodes.code, second.codes[0]!));
    expect(seat!.redeemedAt).toBeNull();
    const [still] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(still!.paidUntil!.getTime()).toBe(firstEnd);
    expect(
      (await post("/redeem", { code: second.codes[0]!, confirm: "yes" }, token)).json().errors[0].field,
    ).toBe("confirm");

    const b = await post("/redeem", { code: second.codes[0]!, confirm: true }, token);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().data.entitlement.paidUntil).toBe(preview.paidUntilAfter);
    const secondEnd = new Date(b.json().data.entitlement.paidUntil).getTime();
    // Twelve more months after the first end: 365 or 366 days later.
    expect(secondEnd - firstEnd).toBeGreaterThanOrEqual(365 * DAY);
    expect(secondEnd - firstEnd).toBeLessThanOrEqual(366 * DAY);
    expect(b.json().data.entitlement.source.purchaseId).toBe(second.purchaseId);
  });

  it("an unverified address cannot redeem (403 email_not_verified); verified, it can", async () => {
    const { codes } = await buyCodes(t);
    const user = await buildUser(t.database.db, { emailVerifiedAt: null });
    const token = await login(t.app, user.email);
    const refused = await post("/redeem", { code: codes[0]! }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "email_not_verified" });
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(eq(users.id, user.id));
    expect((await post("/redeem", { code: codes[0]! }, token)).statusCode).toBe(200);
  });
});

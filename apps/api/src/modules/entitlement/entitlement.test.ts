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
    expect(preview.json().data).toEqual({ businessName, months: 12, alreadyUsed: false });

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

  it("a code of another purchase extends the entitlement from its current end, not from now", async () => {
    const first = await buyCodes(t);
    const second = await buyCodes(t);
    const user = await buildUser(t.database.db);
    const token = await login(t.app, user.email);
    const a = await post("/redeem", { code: first.codes[0]! }, token);
    const firstEnd = new Date(a.json().data.entitlement.paidUntil).getTime();
    const b = await post("/redeem", { code: second.codes[0]! }, token);
    expect(b.statusCode, b.body).toBe(200);
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

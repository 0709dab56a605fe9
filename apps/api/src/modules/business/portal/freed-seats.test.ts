import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessPurchases, subscriptionCodes } from "../../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { newAddress, portalBusiness, portalCalls } from "../../../test-support/portal.ts";

/** A freed seat's 30-day floor: once per seat per year of its purchase (issue 31 §4). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const call = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const { invitation } = portalCalls(() => t);

describe("freed seats", () => {
  it("a seat freed with 2 days left carries 30 once; freed again within the same purchase year it keeps what it has left", async () => {
    const b = await portalBusiness(t, 5);
    let seatId = "";
    const seatOf = async () =>
      (await t.database.db.select().from(subscriptionCodes).where(eq(subscriptionCodes.id, seatId)))[0]!;
    /** Invites an address (the only free seat is ours), and its listener redeems: their days of paid time. */
    const giveTo = async (name: string) => {
      const email = newAddress(name);
      const invite = await call("POST", `/business/${b.businessId}/invites`, b.token, { emails: [email] });
      expect(invite.json().data[0], invite.body).toMatchObject({ result: "invited", seatId });
      await buildUser(t.database.db, { email });
      const redeemed = await call("POST", "/app/redeem", await login(t.app, email), {
        code: (await invitation(email)).code,
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      return (new Date(redeemed.json().data.entitlement.paidUntil).getTime() - Date.now()) / DAY;
    };
    /** Its listener's seat has 2 days left, then the business takes it back. */
    const twoDaysLeftThenRemoved = async () => {
      await t.database.db
        .update(subscriptionCodes)
        .set({ expiresAt: new Date(Date.now() + 2 * DAY - 60_000) })
        .where(eq(subscriptionCodes.id, seatId));
      const removed = await call("POST", `/business/${b.businessId}/seats/${seatId}/remove`, b.token);
      expect(removed.statusCode, removed.body).toBe(200);
      return (await seatOf()).remainingDays;
    };

    // Every seat is given: four to others, one to Ana, the seat followed here.
    const fillers = Array.from({ length: 4 }, (_v, i) => newAddress(`f${i}`));
    await call("POST", `/business/${b.businessId}/invites`, b.token, { emails: fillers });
    const seats = (await call("GET", `/business/${b.businessId}/seats?state=unsent`, b.token)).json().data;
    expect(seats).toHaveLength(1);
    seatId = seats[0]._id as string;
    await giveTo("ana");

    expect(await twoDaysLeftThenRemoved()).toBe(30);
    expect(await giveTo("bo")).toBeCloseTo(30, 0);
    // 28 days later (2 left), taken back again: no second floor this purchase year.
    expect(await twoDaysLeftThenRemoved()).toBe(2);
    expect(await giveTo("cy")).toBeCloseTo(2, 0);

    // The next year of the purchase, the floor applies once more.
    const purchaseId = (await seatOf()).purchaseId;
    await t.database.db
      .update(businessPurchases)
      .set({ paidAt: sql`now() - interval '13 months'` })
      .where(eq(businessPurchases.id, purchaseId));
    await t.database.db
      .update(subscriptionCodes)
      .set({ floorRaisedAt: sql`now() - interval '12 months'` })
      .where(eq(subscriptionCodes.id, seatId));
    expect(await twoDaysLeftThenRemoved()).toBe(30);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionCodes } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { portalBusiness, portalCalls } from "../../../test-support/portal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, appCall, mailsTo, listener } = portalCalls(() => t);

/** Noon (UTC) `days` calendar days from today: days left are counted in calendar days, whatever the hour. */
function noonInDays(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 12));
}

describe("expiry reminders", () => {
  /** Three noons in one UTC month, 18 to 22 days from today. */
  function threeDaysOfOneMonth() {
    const around = noonInDays(20);
    const DAYMS = 24 * 3600_000;
    const after = [0, 1, 2].map((n) => new Date(around.getTime() + n * DAYMS));
    const sameMonth = after.every((d) => d.getUTCMonth() === around.getUTCMonth());
    return sameMonth ? after : [2, 1, 0].map((n) => new Date(around.getTime() - n * DAYMS));
  }

  it("e-mail the admins once per business, month of expiry and step, the nearest step that applies", async () => {
    const b = await portalBusiness(t, 5);
    for (const code of b.codes.slice(0, 4)) {
      const { token } = await listener();
      expect((await appCall("POST", "/redeem", token, { code })).statusCode).toBe(200);
    }
    const seats = (await call("GET", `/${b.businessId}/seats?state=redeemed`, b.token)).json().data;
    const expire = (seatId: string, at: Date) =>
      t.database.db.update(subscriptionCodes).set({ expiresAt: at }).where(eq(subscriptionCodes.id, seatId));
    const reminders = () => mailsTo(b.email).filter((m) => /expire/.test(m.subject));
    const month = threeDaysOfOneMonth();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    for (const [i, at] of month.entries()) await expire(seats[i]._id, at);
    // A seat redeemed a month later: 50 days left, the 60-day step, a month of its own.
    await expire(seats[3]._id, noonInDays(50));

    await t.app.jobs.runOnce();
    await t.app.jobs.runOnce();
    const daysToFirst = Math.round((month[0]!.getTime() - noonInDays(0).getTime()) / (24 * 3600_000));
    expect(
      reminders()
        .map((m) => m.subject)
        .sort(),
    ).toEqual(
      [
        `3 Serene seats expire from ${day(month[0]!)}, the first in ${daysToFirst} days`,
        "1 Serene seat expires in 50 days",
      ].sort(),
    );
    const threeOfAMonth = reminders().find((m) => m.subject.startsWith("3 "))!;
    expect(threeOfAMonth.text).toContain(`between ${day(month[0]!)} and ${day(month[2]!)}`);
    expect(threeOfAMonth.text).toContain(`${t.config.siteUrl}/business/portal`);

    // Within a week: the 7-day step, once for the three seats.
    for (const seat of seats.slice(0, 3)) await expire(seat._id, noonInDays(5));
    await t.app.jobs.runOnce();
    await t.app.jobs.runOnce();
    expect(reminders()).toHaveLength(3);
    expect(reminders()[2]!.subject).toBe("3 Serene seats expire in 5 days");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { portalBusiness, portalCalls, portalLinkToken } from "../../../test-support/portal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const { call, appCall, listener } = portalCalls(() => t);

describe("back office: businesses", () => {
  it("lists and searches businesses, shows one with admins and purchases, gives free seats with a reason (audited); admins only", async () => {
    const b = await portalBusiness(t, 5);
    const admin = await buildUser(t.database.db, { role: "admin" });
    const adminToken = await login(t.app, admin.email);
    const userToken = (await listener()).token;
    const office = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/user${url}`,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });

    const found = await office("GET", `/businesses?q=${encodeURIComponent(b.businessName)}`, adminToken);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([
      expect.objectContaining({ _id: b.businessId, seats: expect.objectContaining({ total: 5 }) }),
    ]);
    expect(found.json().meta).toEqual({ page: 1, limit: 50, total: 1, pages: 1, nextCursor: null });
    // Paged like every back-office list.
    await portalBusiness(t, 5);
    const firstPage = await office("GET", "/businesses?limit=1", adminToken);
    expect(firstPage.json().meta).toMatchObject({ page: 1, limit: 1 });
    expect(firstPage.json().meta.total).toBeGreaterThanOrEqual(2);
    const second = (await office("GET", "/businesses?limit=1&page=2", adminToken)).json().data;
    expect(second).toHaveLength(1);
    expect(second[0]._id).not.toBe(firstPage.json().data[0]._id);
    // And by BUSINESS-API.md's cursor: meta.nextCursor leads to the same next page; a made-up one is refused.
    const cursor = firstPage.json().meta.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const byCursor = await office("GET", `/businesses?limit=1&cursor=${cursor}`, adminToken);
    expect(byCursor.json().data).toEqual(second);
    const made = await office("GET", "/businesses?cursor=nope", adminToken);
    expect(made.statusCode).toBe(400);
    expect(made.json().errors[0].field).toBe("cursor");
    const byAdmin = await office("GET", `/businesses?q=${encodeURIComponent(b.email)}`, adminToken);
    expect(byAdmin.json().data.map((x: { _id: string }) => x._id)).toEqual([b.businessId]);
    expect((await office("GET", "/businesses", userToken)).statusCode).toBe(403);

    const given = await office("POST", `/businesses/${b.businessId}/seats`, adminToken, {
      seats: 3,
      months: 6,
      reason: "Charity partner",
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data.seats).toMatchObject({ total: 8, unsent: 8 });
    const noReason = await office("POST", `/businesses/${b.businessId}/seats`, adminToken, {
      seats: 3,
      months: 6,
    });
    expect(noReason.json().errors[0].field).toBe("reason");

    const link = await office(
      "POST",
      `/businesses/${b.businessId}/admins/${encodeURIComponent(b.email)}/link`,
      adminToken,
    );
    expect(link.statusCode, link.body).toBe(200);
    expect(
      (await call("POST", "/portal/session", undefined, { token: await portalLinkToken(t, b.email) }))
        .statusCode,
    ).toBe(200);
    const notAdmin = await office(
      "POST",
      `/businesses/${b.businessId}/admins/nobody%40acme.test/link`,
      adminToken,
    );
    expect(notAdmin.statusCode).toBe(404);

    const detail = (await office("GET", `/businesses/${b.businessId}`, adminToken)).json().data;
    expect(detail.admins).toEqual([expect.objectContaining({ email: b.email })]);
    expect(
      detail.purchases.map((p: { kind: string; seats: number; amountCents: number }) => [
        p.kind,
        p.seats,
        p.amountCents,
      ]),
    ).toEqual([
      ["grant", 3, 0],
      ["first", 5, 24995],
    ]);
    const log = (await office("GET", "/activity?limit=5", adminToken)).json().data;
    expect(log[0]).toMatchObject({
      action: "business.send_portal_link",
      entityId: b.businessId,
      details: expect.objectContaining({ email: b.email }),
    });
    expect(log[1]).toMatchObject({
      action: "business.grant_seats",
      details: expect.objectContaining({ reason: "Charity partner" }),
    });
    // The business's own activity, as its portal shows it.
    const activity = await office("GET", `/businesses/${b.businessId}/activity`, adminToken);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().data.map((a: { action: string }) => a.action)).toEqual([
      "seats.granted",
      "purchase.first",
    ]);
    expect(
      (await office("GET", "/businesses/00000000-0000-4000-8000-000000000000/activity", adminToken))
        .statusCode,
    ).toBe(404);

    // A granted seat runs for its 6 months once redeemed.
    const seat = (await call("GET", `/${b.businessId}/seats?state=unsent&limit=1`, b.token)).json().data[0];
    const { token } = await listener();
    const redeemed = await appCall("POST", "/redeem", token, { code: seat.code });
    const days = (new Date(redeemed.json().data.entitlement.paidUntil).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(185);
  });
});

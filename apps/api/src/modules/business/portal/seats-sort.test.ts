import { randomBytes } from "node:crypto";
import type { Seat } from "@serene/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { portalBusiness } from "../../../test-support/portal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string) =>
  t.app.inject({ method: "GET", url: `/api/v1/business${url}`, headers: bearer(token) });

/** Every page of the seats list in this order, `limit` at a time, following `meta.nextCursor`. */
async function allPages(businessId: string, token: string, order: string, limit: number) {
  const seats: Seat[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(
      `/${businessId}/seats?${order}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    seats.push(...(res.json().data as Seat[]));
    cursor = res.json().meta.nextCursor as string | null;
  } while (cursor);
  return seats;
}

/** What each sort orders by, read from a seat as the API answers it (null: the seat has none). */
const VALUES: Record<string, (s: Seat) => string | null> = {
  activity: (s) =>
    [s.invitedAt, s.redeemedAt]
      .filter((v) => v !== null)
      .sort()
      .at(-1) ?? null,
  state: (s) => s.state,
  person: (s) => (s.listener?.email ?? s.invitedEmail)?.toLowerCase() ?? null,
  invitedAt: (s) => s.invitedAt,
  redeemedAt: (s) => s.redeemedAt,
  expiresAt: (s) => s.expiresAt,
};

describe("the seats list sorted by the API", () => {
  it("sorts by each column both ways in SQL, seats without the value last, and pages of 3 hold every seat once", async () => {
    const b = await portalBusiness(t, 8);
    const tag = randomBytes(3).toString("hex");
    const at = (name: string) => `${name}-${tag}@acme.test`;
    // Two invitations at once (the same time: a tie), two later; one of the later ones redeemed.
    for (const batch of [
      ["Zoe", "amy"],
      ["bob", "Cy"],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/v1/business/${b.businessId}/invites`,
        headers: bearer(b.token),
        payload: { emails: batch.map(at) },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const invited = (await get(`/${b.businessId}/seats?state=invited`, b.token)).json().data as Seat[];
    const bobs = invited.find((s) => s.invitedEmail === at("bob"))!;
    await buildUser(t.database.db, { email: at("bob") });
    const redeemed = await t.app.inject({
      method: "POST",
      url: "/api/v1/app/redeem",
      headers: bearer(await login(t.app, at("bob"))),
      payload: { code: bobs.code },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const every = (await get(`/${b.businessId}/seats?limit=100`, b.token)).json().data as Seat[];
    expect(every).toHaveLength(8);

    for (const [sort, value] of Object.entries(VALUES))
      for (const direction of ["asc", "desc"] as const) {
        const seats = await allPages(b.businessId, b.token, `sort=${sort}&direction=${direction}`, 3);
        const label = `${sort} ${direction}`;
        // Every seat once: no duplicate, no gap across the pages' edges.
        expect(seats.map((s) => s._id).sort(), label).toEqual(every.map((s) => s._id).sort());
        const values = seats.map(value);
        const present = values.filter((v) => v !== null);
        // The seats with a value come first, in the order asked; those without, after them.
        expect(values.slice(0, present.length), label).toEqual(present);
        const sorted = [...present].sort();
        expect(present, label).toEqual(direction === "asc" ? sorted : sorted.reverse());
      }

    // By person A to Z, case aside: amy, bob (the listener), cy, zoe, then the four not sent.
    const people = await allPages(b.businessId, b.token, "sort=person&direction=asc", 3);
    expect(people.slice(0, 4).map(VALUES.person!)).toEqual(["amy", "bob", "cy", "zoe"].map(at));
    // Without a direction, a column's own: the latest redemption first.
    const [first] = (await get(`/${b.businessId}/seats?sort=redeemedAt&limit=1`, b.token)).json().data;
    expect(first._id).toBe(bobs._id);
  });

  it("refuses an unknown sort or direction, naming the field", async () => {
    const b = await portalBusiness(t, 5);
    for (const [query, field] of [
      ["sort=price", "sort"],
      ["sort=state&direction=up", "direction"],
    ] as const) {
      const res = await get(`/${b.businessId}/seats?${query}`, b.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].field, query).toBe(field);
    }
  });
});

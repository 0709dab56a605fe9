import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { businessAdmins, portalSessions } from "../../../db/schema/index.ts";
import { captureQueries } from "../../../test-support/capture-queries.ts";
import { bearer } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { portalBusiness } from "../../../test-support/portal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A portal read, and whether it looked the portal session or the business's admins up. */
async function read(businessId: string, token: string) {
  const res = { status: 0 };
  const queries = await captureQueries(async () => {
    res.status = (
      await t.app.inject({ method: "GET", url: `/api/v1/business/${businessId}`, headers: bearer(token) })
    ).statusCode;
  });
  const looksUp = queries.some((q) => /from "(portal_sessions|business_admins)"/.test(q.text));
  return { status: res.status, looksUp };
}

describe("business portal sessions, kept in memory until the database says they changed", () => {
  it("a session read once runs no query on its next requests; a change written straight to the database holds on the next one", async () => {
    // (Its first requests, in portalBusiness, read it; on PostgreSQL each pool connection hears the
    // sign-in's notices, some a moment later.)
    const b = await portalBusiness(t);
    await vi.waitFor(async () =>
      expect(await read(b.businessId, b.token)).toEqual({ status: 200, looksUp: false }),
    );

    // Who administers the business changed: the next request reads it again (404, as for any other business).
    const admin = and(eq(businessAdmins.businessId, b.businessId), eq(businessAdmins.email, b.email));
    const [row] = await t.database.db.delete(businessAdmins).where(admin).returning();
    expect(await read(b.businessId, b.token)).toEqual({ status: 404, looksUp: true });
    await t.database.db.insert(businessAdmins).values(row!);
    expect((await read(b.businessId, b.token)).status).toBe(200);

    // The session shortened to now, then ended: 401 on the next request.
    await vi.waitFor(async () =>
      expect(await read(b.businessId, b.token)).toEqual({ status: 200, looksUp: false }),
    );
    const session = eq(portalSessions.email, b.email);
    await t.database.db
      .update(portalSessions)
      .set({ expiresAt: sql`now()` })
      .where(session);
    expect(await read(b.businessId, b.token)).toEqual({ status: 401, looksUp: true });
  });

  it("a kept session ends at its own end without a notice", async () => {
    const b = await portalBusiness(t);
    await t.database.db
      .update(portalSessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(portalSessions.email, b.email));
    await vi.waitFor(async () =>
      expect(await read(b.businessId, b.token)).toEqual({ status: 200, looksUp: false }),
    );
    await vi.waitFor(async () => expect((await read(b.businessId, b.token)).status).toBe(401), {
      timeout: 3000,
    });
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../test-support/factories.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";
import { iso } from "../lib/iso.ts";
import { withFlatRows } from "./client.ts";
import { users } from "./schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("withFlatRows: a prepared flat select's rows, mapped once", () => {
  it("answers what drizzle's own mapping answers, timestamps as the API writes them: nulls kept, enums, numbers, an sql column", async () => {
    const paid = await buildUser(t.database.db, {
      paidUntil: new Date("2030-01-02T03:04:05.678Z"),
      percentage: 7,
    });
    const columns = {
      id: users.id,
      username: users.username,
      lastName: users.lastName,
      paidUntil: users.paidUntil,
      invitedAt: users.invitedAt,
      mood: users.mood,
      percentage: users.percentage,
      lowered: sql<string>`lower(${users.email})`,
    };
    const query = () =>
      t.database.db
        .select(columns)
        .from(users)
        .where(eq(users.id, sql.placeholder("id")));
    const drizzles = await query().prepare("client_test_drizzle").execute({ id: paid.id });
    const flat = withFlatRows(query().prepare("client_test_flat"));
    // (The mapper is ours: a select drizzle could not map flat would keep drizzle's.)
    expect((flat as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf("function");
    const ours = await flat.execute({ id: paid.id });
    expect(ours).toEqual(drizzles.map((row) => ({ ...row, paidUntil: iso(row.paidUntil) })));
    // The test databases write timestamps in UTC (PGlite always; PostgreSQL in a UTC time zone):
    // read straight from the text, not as a Date.
    expect(ours[0]!.paidUntil).toBe("2030-01-02T03:04:05.678Z");
    expect(ours[0]).toMatchObject({ lastName: null, invitedAt: null, percentage: 7, lowered: paid.email });
  });
});

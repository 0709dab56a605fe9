import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, supportMessages } from "../../db/schema/index.ts";
import { buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";

/** The support inbox's bulk action: mark read (issue 22, section 2). */
const t = useTestApp({ as: "admin" });

const messages = (tag: string, n: number, readAt: Date | null = null) =>
  t.database.db
    .insert(supportMessages)
    .values(
      Array.from({ length: n }, (_, i) => ({
        fullName: `${tag} ${i}`,
        email: `${tag}${i}@bulk.test`,
        subject: `${tag} subject ${i}`,
        message: "Hello",
        readAt,
      })),
    )
    .returning();

const entries = (ids: string[]) =>
  t.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.action, "support_message.read"), inArray(activityLog.entityId, ids)));

describe("POST /support-messages/bulk", () => {
  it("marks the picked messages read, one activity entry each", async () => {
    const rows = await messages("picked", 3);
    const ids = rows.slice(0, 2).map((m) => m.id);
    const res = await t.call("POST", "/support-messages/bulk", { action: "mark_read", ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "2 messages marked read", data: { done: 2, failed: [] } });
    const after = await t.database.db
      .select()
      .from(supportMessages)
      .where(
        inArray(
          supportMessages.id,
          rows.map((m) => m.id),
        ),
      );
    expect(
      after
        .filter((m) => m.readAt !== null)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(await entries(ids)).toHaveLength(2);
  });

  it("marks read every unread message matching a filter, reporting one already read", async () => {
    const unread = await messages("matching", 2);
    const [read] = await messages("matching-read", 1, new Date());
    const res = await t.call("POST", "/support-messages/bulk", {
      action: "mark_read",
      filter: { q: "matching" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.done).toBe(2);
    expect(res.json().data.failed).toEqual([{ id: read!.id, name: read!.subject, message: "Already read" }]);
    expect(await entries(unread.map((m) => m.id))).toHaveLength(2);
    expect(await entries([read!.id])).toHaveLength(0);
  });

  it.each([
    [{ action: "mark_unread", ids: ["00000000-0000-4000-8000-000000000000"] }, "action"],
    [{ action: "mark_read" }, "ids"],
    [{ action: "mark_read", filter: { state: "spam" } }, "filter.state"],
  ])("refuses %j with a 400 naming %s", async (payload, field) => {
    const res = await t.call("POST", "/support-messages/bulk", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("is refused to anonymous callers and to app users", async () => {
    const payload = { action: "mark_read", ids: ["00000000-0000-4000-8000-000000000000"] };
    expect((await t.call("POST", "/support-messages/bulk", payload, null)).statusCode).toBe(401);
    const token = await login(t.app, (await buildUser(t.database.db)).email);
    expect((await t.call("POST", "/support-messages/bulk", payload, token)).statusCode).toBe(403);
  });
});

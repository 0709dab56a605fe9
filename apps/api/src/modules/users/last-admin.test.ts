import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";

/** The back office keeps one admin whatever removes them, even at the same moment (issue 31 §2). */
const t = useTestApp();

const admins = () =>
  t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.deletedAt)));

/** Two admins, the only ones (each test starts with none left), signed in. */
async function twoAdmins() {
  for (const { id } of await admins()) {
    await t.database.db.update(users).set({ role: "editor" }).where(eq(users.id, id));
  }
  const [a, b] = await Promise.all([1, 2].map(() => buildUser(t.database.db, { role: "admin" })));
  return { a: a!, b: b!, aToken: await login(t.app, a!.email), bToken: await login(t.app, b!.email) };
}

describe("the last admin", () => {
  it("two admins bulk-deleting each other at once: one stays, the other delete is refused", async () => {
    const { a, b, aToken, bToken } = await twoAdmins();
    const results = await Promise.all([
      t.call("POST", "/users/bulk", { action: "delete", ids: [b.id] }, aToken),
      t.call("POST", "/users/bulk", { action: "delete", ids: [a.id] }, bToken),
    ]);
    expect(await admins()).toHaveLength(1);
    const answers = results.map((r) => r.json().data as { done: number; failed: { message: string }[] });
    expect(answers.map((a) => a.done).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.done === 0)!.failed).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/at least one admin/) }),
    ]);
  });

  it("single deletes at once: one stays, the other answers 409 last_admin", async () => {
    const { a, b, aToken, bToken } = await twoAdmins();
    const results = await Promise.all([
      t.call("POST", "/delete", { id: b.id }, aToken),
      t.call("POST", "/delete", { id: a.id }, bToken),
    ]);
    expect(await admins()).toHaveLength(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: "last_admin" });
  });
});

import { count, desc, eq, gte, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { hostRequests, interests, resources, users } from "../../db/schema/index.ts";

/** The four stat cards, each one SQL aggregate, run in parallel. */
export async function dashboardStats(db: Db) {
  const [[r], [u], [h], [listening]] = await Promise.all([
    db.select({ n: count() }).from(resources),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(hostRequests).where(eq(hostRequests.state, "pending")),
    db.select({ seconds: sum(resources.listeningSeconds), plays: sum(resources.noPlays) }).from(resources),
  ]);
  const seconds = Number(listening?.seconds ?? 0);
  const plays = Number(listening?.plays ?? 0);
  return {
    resources: r?.n ?? 0,
    users: u?.n ?? 0,
    hostRequests: h?.n ?? 0,
    avgTimeOnAppSeconds: plays > 0 && seconds > 0 ? Math.round(seconds / plays) : 0,
  };
}

/** Sign-ups per month over the last 12 months (months without any included), oldest first. */
export async function usersGainedByMonth(db: Db) {
  const since = sql`date_trunc('month', now()) - interval '11 months'`;
  const rows = await db
    .select({ month: sql<string>`to_char(date_trunc('month', ${users.timeCreated}), 'YYYY-MM')`, n: count() })
    .from(users)
    .where(gte(users.timeCreated, since))
    .groupBy(sql`1`);
  const counts = new Map(rows.map((r) => [r.month, r.n]));
  const now = new Date();
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    return { _id: key, count: counts.get(key) ?? 0 };
  });
}

/** How many contents each interest holds, largest first; contents without one count as "Uncategorised". */
export async function resourcesPerInterest(db: Db) {
  const rows = await db
    .select({ interest: sql<string>`coalesce(${interests.name}, 'Uncategorised')`, n: count() })
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .groupBy(sql`1`)
    .orderBy(desc(count()));
  return rows.map((r) => ({ interest: r.interest, count: r.n }));
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

import { count, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { hostRequests, interests, resources, userSignupsMonthly } from "../../db/schema/index.ts";
import { notTrashed } from "../../db/trash.ts";
import { listeningPerListenerDay } from "../listening/index.ts";
import { countResources } from "../resources/index.ts";
import { countAppUsers, countStaff } from "../users/index.ts";

/**
 * The four stat cards, run in parallel. "Avg. time on app" is the mean listening time per
 * listener per day over the last 30 UTC days, today included (over the days each listener listened).
 */
export async function dashboardStats(db: Db, at: Date) {
  const [r, u, staff, [h], avgTimeOnAppSeconds] = await Promise.all([
    countResources(db),
    countAppUsers(db),
    countStaff(db),
    db.select({ n: count() }).from(hostRequests).where(eq(hostRequests.state, "pending")),
    listeningPerListenerDay(db, at),
  ]);
  return { resources: r, users: u, staff, hostRequests: h?.n ?? 0, avgTimeOnAppSeconds };
}

/** Sign-ups per month over the last 12 months (months without any included), oldest first. */
export async function usersGainedByMonth(db: Db) {
  const rows = await db
    .select({ month: sql<string>`to_char(${userSignupsMonthly.month}, 'YYYY-MM')`, n: userSignupsMonthly.n })
    .from(userSignupsMonthly)
    .where(gte(userSignupsMonthly.month, sql`(date_trunc('month', now()) - interval '11 months')::date`));
  const counts = new Map(rows.map((r) => [r.month, Number(r.n)]));
  const now = new Date();
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    return { _id: key, count: counts.get(key) ?? 0 };
  });
}

/** How many contents each interest holds, largest first; contents without one count as "Uncategorised". */
export async function resourcesPerInterest(db: Db) {
  // Count per interest id first (an index-only scan), then name the few groups.
  const perId = db
    .select({ interestId: resources.interestId, n: count().as("n") })
    .from(resources)
    .where(notTrashed(resources))
    .groupBy(resources.interestId)
    .as("per_id");
  const rows = await db
    .select({ interest: sql<string>`coalesce(${interests.name}, 'Uncategorised')`, n: perId.n })
    .from(perId)
    .leftJoin(interests, eq(interests.id, perId.interestId))
    .orderBy(desc(perId.n));
  return rows.map((r) => ({ interest: r.interest, count: Number(r.n) }));
}

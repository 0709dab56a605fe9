/** What the listening parts share of the database: the listener, and contents as the app shows them. */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { interests, resources, users } from "../../db/schema/index.ts";
import { listedResource } from "../../db/trash.ts";

/** The columns of a content the app shows (appResource, as the catalogue presents it), with its interest's name. */
export const appResourceColumns = {
  resource: resources,
  interestName: interests.name,
};

/** What the listening rules need to know of a listener. */
export async function findListener(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      paidUntil: users.paidUntil,
      timeCreated: users.timeCreated,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
export type Listener = NonNullable<Awaited<ReturnType<typeof findListener>>>;

export async function findPublishedResources(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(appResourceColumns)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(and(inArray(resources.id, ids), listedResource));
}

/** The listener's library (SQL only): continue listening, history and favourites, newest first, a page at a time. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type After, cursorTime, keysetAfter } from "../../lib/paging.ts";
import {
  favourites,
  interests,
  listeningProgress,
  listeningSessions,
  resources,
} from "../../db/schema/index.ts";
import { listedResource } from "../../db/trash.ts";
import { appResourceColumns } from "./listening.repository.ts";

export async function hideProgress(db: Db, userId: string, resourceId: string) {
  await db
    .update(listeningProgress)
    .set({ hidden: true })
    .where(and(eq(listeningProgress.userId, userId), eq(listeningProgress.resourceId, resourceId)));
}

/** Continue listening: started, not finished, not hidden, newest first. */
export async function listContinue(db: Db, userId: string, after: After, limit: number) {
  return db
    .select({
      ...appResourceColumns,
      position: listeningProgress.position,
      updatedAt: listeningProgress.updatedAt,
      cursorAt: cursorTime(listeningProgress.updatedAt),
    })
    .from(listeningProgress)
    .innerJoin(resources, eq(resources.id, listeningProgress.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(listeningProgress.userId, userId),
        sql`not ${listeningProgress.hidden} and ${listeningProgress.position} > 0`,
        listedResource,
        keysetAfter(listeningProgress.updatedAt, listeningProgress.resourceId, after),
      ),
    )
    .orderBy(desc(listeningProgress.updatedAt), desc(listeningProgress.resourceId))
    .limit(limit);
}

/** History: sessions newest first by start. */
export async function listHistory(db: Db, userId: string, after: After, limit: number) {
  return db
    .select({
      ...appResourceColumns,
      id: listeningSessions.id,
      listenedSeconds: listeningSessions.listenedSeconds,
      startedAt: listeningSessions.startedAt,
      finished: listeningSessions.finished,
      cursorAt: cursorTime(listeningSessions.startedAt),
    })
    .from(listeningSessions)
    .innerJoin(resources, eq(resources.id, listeningSessions.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(listeningSessions.userId, userId),
        listedResource,
        keysetAfter(listeningSessions.startedAt, listeningSessions.id, after),
      ),
    )
    .orderBy(desc(listeningSessions.startedAt), desc(listeningSessions.id))
    .limit(limit);
}

export async function addFavourite(db: Db, userId: string, resourceId: string) {
  await db.insert(favourites).values({ userId, resourceId }).onConflictDoNothing();
}

export async function removeFavourite(db: Db, userId: string, resourceId: string) {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.resourceId, resourceId)));
}

export async function listFavourites(db: Db, userId: string, after: After, limit: number) {
  return db
    .select({ ...appResourceColumns, cursorAt: cursorTime(favourites.createdAt) })
    .from(favourites)
    .innerJoin(resources, eq(resources.id, favourites.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(favourites.userId, userId),
        listedResource,
        keysetAfter(favourites.createdAt, favourites.resourceId, after),
      ),
    )
    .orderBy(desc(favourites.createdAt), desc(favourites.resourceId))
    .limit(limit);
}

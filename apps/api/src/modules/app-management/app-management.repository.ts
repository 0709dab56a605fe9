import { desc, eq } from "drizzle-orm";
import { type Db, preparedQuery } from "../../db/client.ts";
import { appMessages, appPlatformConfig, appVersions } from "../../db/schema/index.ts";

export type AppMessageRow = typeof appMessages.$inferSelect;
export type AppVersionRow = typeof appVersions.$inferSelect;
export type Device = AppVersionRow["device"];
export type PlatformConfigRow = typeof appPlatformConfig.$inferSelect;

/** The app-wide message: there is at most one (the newest row). */
const currentAppMessageQuery = preparedQuery((db) =>
  db.select().from(appMessages).orderBy(desc(appMessages.updatedAt)).limit(1).prepare("current_app_message"),
);

export async function currentAppMessage(db: Db) {
  const [row] = await currentAppMessageQuery(db).execute();
  return row;
}

export async function insertAppMessage(db: Db, values: typeof appMessages.$inferInsert) {
  const [row] = await db.insert(appMessages).values(values).returning();
  return row!;
}

export async function updateAppMessage(db: Db, id: string, values: Partial<typeof appMessages.$inferInsert>) {
  const [row] = await db.update(appMessages).set(values).where(eq(appMessages.id, id)).returning();
  return row!;
}

export async function deleteAppMessage(db: Db, id: string) {
  const [row] = await db.delete(appMessages).where(eq(appMessages.id, id)).returning();
  return row;
}

export async function latestAppVersion(db: Db, device: Device) {
  const [row] = await db
    .select()
    .from(appVersions)
    .where(eq(appVersions.device, device))
    .orderBy(desc(appVersions.updatedAt))
    .limit(1);
  return row;
}

export async function appVersionHistory(db: Db, device: Device, limit: number) {
  return db
    .select()
    .from(appVersions)
    .where(eq(appVersions.device, device))
    .orderBy(desc(appVersions.updatedAt))
    .limit(limit);
}

export async function insertAppVersion(db: Db, values: typeof appVersions.$inferInsert) {
  const [row] = await db.insert(appVersions).values(values).returning();
  return row!;
}

export async function findPlatformConfig(db: Db, platform: Device) {
  const [row] = await db.select().from(appPlatformConfig).where(eq(appPlatformConfig.platform, platform));
  return row;
}

export async function savePlatformConfig(db: Db, values: typeof appPlatformConfig.$inferInsert) {
  const [row] = await db
    .insert(appPlatformConfig)
    .values(values)
    .onConflictDoUpdate({ target: appPlatformConfig.platform, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

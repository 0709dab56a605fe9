import path from "node:path";
import { apiRoot, type Config } from "../config/env.ts";
import { type DataDirLock, lockDataDir } from "../lib/data-dir-lock.ts";
import { type Database, openDatabase } from "./client.ts";

export const migrationsFolder = () => path.join(apiRoot(), "src/db/migrations");

/**
 * Opens the configured database and applies pending migrations. The embedded PGlite
 * folder is locked first, so a second process on the same DATA_DIR refuses to start.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
      poolSize: config.databasePoolSize,
      migrationsFolder: migrationsFolder(),
    });
    await database.migrate();
    const close = database.close;
    return {
      ...database,
      close: async () => {
        try {
          await close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

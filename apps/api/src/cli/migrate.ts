import { ConfigError, loadConfig } from "../config/env.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { DataDirLockedError } from "../lib/data-dir-lock.ts";

/** Applies pending migrations to the configured database (the server also does this at start). */
try {
  const database = await openConfiguredDatabase(loadConfig());
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
}

import { ConfigError, loadConfig } from "../config/env.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { seedDemoData } from "../demo/catalogue.ts";
import { seedDemoPeople } from "../demo/people.ts";
import { DataDirLockedError } from "../lib/data-dir-lock.ts";
import { createMedia } from "../modules/media/index.ts";

/**
 * Adds the demo catalogue and the demo people to the configured database when it has none of
 * them (whatever DEMO_DATA says).
 */
try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  // Under the same lock as a starting server's seeding, so the two never both insert.
  const { seeded, people } = await database.exclusively(async () => ({
    seeded: await seedDemoData(database.db, createMedia(config, database.db, console).media),
    people: await seedDemoPeople(database.db),
  }));
  await database.close();
  console.log(
    seeded
      ? "Demo catalogue added: 10 interests, 12 contents."
      : "The catalogue is not empty: no contents added.",
  );
  console.log(
    people
      ? "Demo people added: 40 app users, host requests, support messages, a deletion request, a purchase."
      : "There are app users already: no people added.",
  );
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
}

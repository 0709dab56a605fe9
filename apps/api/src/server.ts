import fs from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { buildApp, loggerOptions } from "./app.ts";
import { ConfigError, loadConfig } from "./config/env.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { seedDemoData } from "./demo/catalogue.ts";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_FILE,
  DEMO_LISTENER_EMAIL,
  DEMO_LISTENER_FILE,
  ensureDemoAdmin,
  ensureDemoListener,
  seedDemoPeople,
} from "./demo/people.ts";
import { DataDirLockedError } from "./lib/data-dir-lock.ts";
import { batchedLogLines, humanLogLines } from "./lib/log-lines.ts";
import { ensureFirstAdmin } from "./modules/auth/index.ts";
import { createMedia } from "./modules/media/index.ts";
import { type DemoAccount, startupSummary } from "./startup-summary.ts";

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  // A terminal reads one human line per entry; anything else (a file, journald) JSON lines.
  const logger = loggerOptions(
    config.logLevel,
    process.stdout.isTTY ? humanLogLines(process.stdout) : batchedLogLines(),
  );
  const app = await buildApp({ config, database, logger });
  if (config.env === "production" && config.seller.demo)
    app.log.warn(
      "SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID or SELLER_EMAIL is not set: invoices show demo seller details",
    );
  const { media } = createMedia(config, database.db, app.log);
  const demoAccounts: DemoAccount[] = [];
  // Instances starting together on one database: one at a time, each finding what the first made.
  await database.exclusively(async () => {
    if (config.admin) {
      const outcome = await ensureFirstAdmin(database.db, config.admin.email, config.admin.password);
      if (outcome !== "exists") {
        app.log.info({ email: config.admin.email }, `first admin ${outcome} from ADMIN_EMAIL`);
      }
    }
    if (config.demoData) {
      if (await seedDemoData(database.db, media)) {
        app.log.info("demo catalogue added (DEMO_DATA): 10 interests, 12 contents");
      }
      if (await seedDemoPeople(database.db)) {
        app.log.info(
          "demo people added (DEMO_DATA): 40 app users, host requests, support messages, a deletion request, a purchase",
        );
      }
      // Without ADMIN_EMAIL, a demo instance still needs someone to sign in to the back office.
      // Passwords are shown once, in the start-up summary; their files keep them.
      if (!config.admin) {
        const password = await ensureDemoAdmin(database.db, config.dataDir);
        const file = path.join(config.dataDir, DEMO_ADMIN_FILE);
        if (password || fs.existsSync(file))
          demoAccounts.push({
            label: "Demo admin",
            email: DEMO_ADMIN_EMAIL,
            password,
            file,
            note: "signs in at /md-login",
          });
      }
      const listener = await ensureDemoListener(database.db, config.dataDir);
      const file = path.join(config.dataDir, DEMO_LISTENER_FILE);
      if (listener || fs.existsSync(file))
        demoAccounts.push({
          label: "Demo listener",
          email: DEMO_LISTENER_EMAIL,
          password: listener?.password,
          file,
          note:
            `signs in at ${config.siteUrl}/listen` +
            (listener?.code
              ? `; business code ${listener.code} at /listen/redeem?code=${listener.code}`
              : ""),
        });
    }
  });

  // One Ctrl-C reaches the server several times: the terminal signals the whole process group,
  // and `npm` and scripts/start.mjs pass it on. Copies within this window are that one signal;
  // a signal after it, during a shutdown that hangs, forces the exit.
  const SAME_SIGNAL_MS = 1000;
  let firstSignalAt: number | null = null;
  const shutdown = async (signal: string) => {
    if (firstSignalAt !== null) {
      if (Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
      app.log.warn({ signal }, "second signal during shutdown: exiting now");
      process.exit(1);
    }
    firstSignalAt = Date.now();
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // Stops accepting, waits for in-flight requests, then runs onClose (closes the database).
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000).unref();
    try {
      await app.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // What uploads cut off by a crash left behind (the scheduled jobs repeat it).
  const leftovers = await media.sweepTemporary();
  if (leftovers) app.log.info({ files: leftovers }, "removed temporary files left by interrupted uploads");

  await app.listen({ port: config.port, host: config.host });
  // Account-deletion sweep, unsent codes e-mails, expired subscriptions.
  app.jobs.start();
  // After the log's lines so far (pino writes asynchronously), so "Server listening" comes first.
  await new Promise<void>((resolve) => (app.log as Logger).flush(() => resolve()));
  process.stdout.write(startupSummary(config, database.kind, demoAccounts));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error("Serene failed to start:", err);
  }
  process.exit(1);
});

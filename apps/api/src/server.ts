import path from "node:path";
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
import { ensureFirstAdmin } from "./modules/auth/index.ts";
import { createMedia } from "./modules/media/index.ts";

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });
  const { media } = createMedia(config, database.db, app.log);
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
      const password = config.admin ? undefined : await ensureDemoAdmin(database.db, config.dataDir);
      if (password) {
        app.log.warn(
          { email: DEMO_ADMIN_EMAIL, file: path.join(config.dataDir, DEMO_ADMIN_FILE) },
          `demo admin created: sign in at /md-login as ${DEMO_ADMIN_EMAIL} with the password ${password} (kept in the file above)`,
        );
      }
      const listener = await ensureDemoListener(database.db, config.dataDir);
      if (listener) {
        app.log.warn(
          { email: DEMO_LISTENER_EMAIL, file: path.join(config.dataDir, DEMO_LISTENER_FILE) },
          `demo listener created: sign in at /listen as ${DEMO_LISTENER_EMAIL} with the password ${listener.password}` +
            (listener.code
              ? `; redeem the business code ${listener.code} at /listen/redeem?code=${listener.code}`
              : "") +
            " (kept in the file above)",
        );
      }
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
  if (!config.stripe)
    app.log.warn(
      "payments are in TEST MODE: the built-in test checkout takes no money (set STRIPE_SECRET_KEY)",
    );
  if (!config.mail.smtpUrl)
    app.log.info(
      { outbox: config.mail.outboxDir },
      "e-mail goes to the local outbox (set SMTP_URL to send it)",
    );
  if (!config.publicUrl)
    app.log.warn(
      `PUBLIC_URL is not set: links in e-mails and payment return URLs point to ${config.siteUrl} (set it for a deployment)`,
    );
  app.log.info(
    { database: database.kind, dataDir: config.dataDir },
    `Serene is running at ${config.siteUrl}`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error("Serene failed to start:", err);
  }
  process.exit(1);
});

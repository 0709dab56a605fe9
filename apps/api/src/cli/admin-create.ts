import { parseArgs } from "node:util";
import { emailSchema, passwordSchema } from "@serene/contract";
import { ConfigError, loadConfig } from "../config/env.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { DataDirLockedError } from "../lib/data-dir-lock.ts";
import { createOrPromoteAdmin } from "../modules/auth/index.ts";

const usage = `Creates an admin account (or makes an existing account an admin, with this password).

  npm run admin:create -- --email admin@example.com --password 'a long password'

Without the flags, ADMIN_EMAIL and ADMIN_PASSWORD are used. Uses the configured database
(DATABASE_URL, or the embedded one in DATA_DIR: stop the server first).`;

try {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const config = loadConfig();
  const email = emailSchema.safeParse(values.email ?? config.admin?.email);
  const password = passwordSchema.safeParse(values.password ?? config.admin?.password);
  if (!email.success || !password.success) {
    if (!email.success) console.error(`--email: ${email.error.issues[0]?.message}`);
    if (!password.success) console.error(`--password: ${password.error.issues[0]?.message}`);
    console.error(`\n${usage}`);
    process.exit(2);
  }
  const database = await openConfiguredDatabase(config);
  const outcome = await createOrPromoteAdmin(database.db, email.data, password.data);
  await database.close();
  console.log(`Admin ${email.data} ${outcome}. Sign in at /md-login.`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
}

import path from "node:path";
import type { Config } from "./config/env.ts";

/** A demo account made on this start (its password is shown this once) or earlier (its file says it). */
export interface DemoAccount {
  label: string;
  email: string;
  /** Set only on the start that created the account. */
  password?: string | undefined;
  file: string;
  /** Where it signs in, and anything else to say (a business code to redeem). */
  note: string;
}

/**
 * What `npm start` prints once listening: where Serene answers, who can sign in, where its data
 * lives, and which parts run embedded on this machine with the variable that switches each.
 */
export function startupSummary(
  config: Config,
  databaseKind: "pglite" | "postgres",
  demoAccounts: DemoAccount[],
): string {
  const site = config.siteUrl;
  const { dataDir } = config;
  const rows: [string, string][] = [["Back office", `${site}/md-login`]];
  if (config.admin) rows.push(["Admin", `${config.admin.email} (ADMIN_EMAIL)`]);
  for (const account of demoAccounts) {
    const password = account.password
      ? `password ${account.password} (shown this once; kept in ${account.file})`
      : `password in ${account.file}`;
    rows.push([account.label, `${account.email}, ${password}; ${account.note}`]);
  }
  rows.push(
    ["Data", dataDir],
    [
      "Database",
      databaseKind === "pglite"
        ? `embedded PGlite in ${path.join(dataDir, "pglite")}; set DATABASE_URL for PostgreSQL`
        : "PostgreSQL (DATABASE_URL)",
    ],
    [
      "E-mail",
      config.mail.smtpUrl
        ? "sent through SMTP_URL"
        : `written as .eml files to ${config.mail.outboxDir}; set SMTP_URL to send it`,
    ],
    [
      "Media",
      config.media.s3
        ? `object storage, bucket ${config.media.s3.bucket} (S3_BUCKET)`
        : `files in ${config.media.dir}; set S3_BUCKET and S3_PUBLIC_URL for object storage`,
    ],
    [
      "Payments",
      config.stripe
        ? "Stripe (STRIPE_SECRET_KEY)"
        : "test mode: the built-in checkout takes no money; set STRIPE_SECRET_KEY for Stripe",
    ],
  );
  if (!config.publicUrl)
    rows.push(["Links", `PUBLIC_URL is not set: e-mails and payments link to ${site} (set it to deploy)`]);
  rows.push(["Logs", `one line per request at LOG_LEVEL=${config.logLevel} (set warn for fewer)`]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    `Serene is running at ${site}`,
    ...rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`),
    "",
  ].join("\n");
}

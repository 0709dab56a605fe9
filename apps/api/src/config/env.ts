import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
  DEMO_DATA: boolish.optional(),
  LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURES_PER_ACCOUNT_HOURLY: z.coerce.number().int().min(1).default(50),
  /** How often the scheduled jobs run on each instance (a run is claimed, so one runs it at a time). */
  JOB_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Web Push (reminders): the VAPID key pair, base64url; generated once and kept in the database when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: "must be a base64url P-256 public key (87 characters)" })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: "must be a base64url P-256 private key (43 characters)" })
    .optional(),
  /** Tests only: push endpoints on http://127.0.0.1:<port> and http://localhost:<port> are accepted. */
  PUSH_ALLOW_LOOPBACK: boolish.default(false),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  S3_FORCE_PATH_STYLE: boolish.default(false),
  IMAGE_MAX_MB: z.coerce.number().positive().max(1024).default(10),
  AUDIO_MAX_MB: z.coerce.number().positive().max(4096).default(300),
  /** An upload that sends less than this many bytes a second over UPLOAD_STALL_SECONDS is dropped. */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .default(16 * 1024),
  UPLOAD_STALL_SECONDS: z.coerce.number().positive().max(3600).default(30),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  TRUST_PROXY: boolish.default(false),
  /** Node's http server: a request's headers must arrive within this (slow-header clients are cut off). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /** ...and the whole request, body included (a 300 MB upload needs about 340 KB/s at the default). */
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(24 * 3600)
    .default(15 * 60),
  /** An idle kept-alive connection is closed after this (above a load balancer's usual 60 s). */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(72),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_BUILD_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { error: "must be an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      error: 'must be an address or "Name <address>"',
    })
    .default("Serene <no-reply@localhost>"),
  // SUPPORT_EMAIL, APP_STORE_URL, PLAY_STORE_URL and DEMO_BOOKING_URL default to the web's
  // defaultSiteConfig, which the public pages are prerendered with (env.test.ts checks).
  SUPPORT_EMAIL: z.email().default("support@serene.example"),
  // The seller printed on every invoice (demo values by default; a start-up warning in production).
  SELLER_NAME: z.string().min(1).max(200).optional(),
  SELLER_ADDRESS: z.string().min(1).max(500).optional(),
  SELLER_TAX_ID: z.string().min(1).max(50).optional(),
  SELLER_EMAIL: z.email().optional(),
  /** Tax included in the price paid (percent, 0-100); 0 by default. */
  TAX_RATE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, { error: "must be a Stripe secret key (sk_… or rk_…)" })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: "must be a Stripe webhook signing secret (whsec_…)" })
    .optional(),
  /** Only for tests and local mocks: where the Stripe SDK sends its requests. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  APP_STORE_URL: z.url().default("https://apps.apple.com/app/serene"),
  PLAY_STORE_URL: z.url().default("https://play.google.com/store/apps/details?id=app.serene"),
  DEMO_BOOKING_URL: z
    .string()
    .regex(/^(https?:\/\/|mailto:)\S+$/, { error: "must be an http(s):// or mailto: link" })
    .optional(),
  SUPPORT_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  PAYMENT_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  REDEEM_ATTEMPTS_PER_USER: z.coerce.number().int().min(1).default(10),
  /** Signs stream URLs of paid audio; unset: a random key kept in DATA_DIR/media-signing.key (shared by instances on one DATA_DIR). */
  MEDIA_SIGNING_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  /** Behind nginx (deploy/nginx): the internal location audio is handed to with X-Accel-Redirect. */
  MEDIA_ACCEL_REDIRECT: z
    .string()
    .regex(/^\/[\w/-]*\/$/, { error: "must be a path that starts and ends with /" })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The seller printed on invoices while SELLER_* are not set (and on the demo data's invoices). */
export const DEMO_SELLER = {
  name: "Serene Demo Ltd",
  address: "1 Example Street, Dublin D02 X285, Ireland",
  taxId: "IE1234567X",
  email: "billing@serene.example",
};

/** The seller printed on invoices. */
export interface Seller {
  name: string;
  address: string;
  taxId: string;
  email: string;
  /** Some SELLER_* setting was missing: demo values stand in. */
  demo: boolean;
}

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  /** PUBLIC_URL as given (secure cookies, our own origin); undefined when unset. */
  publicUrl: string | undefined;
  /**
   * The base of every link we send (e-mails, payment return URLs): PUBLIC_URL, else
   * http://localhost:PORT. Never the request's Host or X-Forwarded-Host.
   */
  siteUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  admin: { email: string; password: string } | undefined;
  demoData: boolean;
  sessionTtlMs: number;
  /** Sign-in attempts allowed per client address per 15 minutes. */
  loginAttemptsPerAddress: number;
  /** Failed sign-ins allowed per account from one address per 15 minutes, and from all addresses per hour. */
  loginFailures: { perAccountAndAddress: number; perAccountHourly: number };
  jobIntervalMs: number;
  push: {
    /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when both are set. */
    vapid: { publicKey: string; privateKey: string } | undefined;
    /** The VAPID subject push services may contact: mailto: the support address. */
    subject: string;
    allowLoopback: boolean;
  };
  media: {
    dir: string;
    imageMaxBytes: number;
    audioMaxBytes: number;
    /** Slower uploads are dropped (UPLOAD_MIN_BYTES_PER_SECOND over UPLOAD_STALL_SECONDS). */
    uploadPace: { minBytesPerSecond: number; stallMs: number };
    s3: S3Config | undefined;
    /** HMAC key of stream URLs (MEDIA_SIGNING_SECRET, or a key file in DATA_DIR). */
    signingSecret: string | undefined;
    /** MEDIA_ACCEL_REDIRECT: audio is authorised here and sent by nginx from this internal location. */
    accelRedirect: string | undefined;
  };
  trustProxy: boolean;
  /** Node's http server timeouts (HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS, KEEP_ALIVE_TIMEOUT_SECONDS). */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  logLevel: Env["LOG_LEVEL"];
  webBuildDir: string;
  mail: MailConfig;
  /** Where support messages go; shown on /support. */
  supportEmail: string;
  /** The seller on invoices (SELLER_*); `demo` when any of them was not set. */
  seller: Seller;
  /** TAX_RATE_PERCENT: the tax included in prices (0 by default). */
  taxRatePercent: number;
  /** Stripe Checkout; undefined: the built-in test checkout. */
  stripe: StripeConfig | undefined;
  /** Links the public pages show. */
  site: { appStoreUrl: string; playStoreUrl: string; demoBookingUrl: string };
  /** Requests per client address (or signed-in user) per 15 minutes on the public forms. */
  limits: { supportPerAddress: number; paymentPerAddress: number; redeemPerUser: number };
}

export interface MailConfig {
  /** SMTP server; undefined: messages are written to `outboxDir` as .eml files. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

export interface StripeConfig {
  secretKey: string;
  /** Verifies webhooks; without it payments are confirmed by looking the Checkout Session up. */
  webhookSecret: string | undefined;
  /** Host, port and protocol of the Stripe API (set only to point the SDK at a mock in tests). */
  api: { host: string; port: number; protocol: "http" | "https" } | undefined;
}

/** S3-compatible object storage for media; when unset, media live on local disk. */
export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Base URL the files are publicly read from (the bucket's URL, or a CDN in front of it). */
  publicUrl: string;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** npm runs workspace scripts inside the workspace: a relative path means where npm was called. */
export function fromCallerDir(relative: string, source: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(source.INIT_CWD ?? process.cwd(), relative);
}

/** Reads and validates configuration; the only place that reads process.env. Lists every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  if (Boolean(cleaned.ADMIN_EMAIL) !== Boolean(cleaned.ADMIN_PASSWORD)) {
    const missing = cleaned.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL";
    problems.push(`${missing}: ADMIN_EMAIL and ADMIN_PASSWORD must be set together`);
  }
  if (parsed.success && parsed.data.HEADERS_TIMEOUT_SECONDS > parsed.data.REQUEST_TIMEOUT_SECONDS) {
    problems.push("HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS (Node refuses it)");
  }
  if (cleaned.S3_BUCKET && !cleaned.S3_PUBLIC_URL) {
    problems.push("S3_PUBLIC_URL: is required with S3_BUCKET (the base URL the files are read from)");
  }
  if (cleaned.STRIPE_WEBHOOK_SECRET && !cleaned.STRIPE_SECRET_KEY) {
    problems.push("STRIPE_SECRET_KEY: is required with STRIPE_WEBHOOK_SECRET");
  }
  if (!parsed.success || problems.length) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = fromCallerDir(e.DATA_DIR, source);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    siteUrl: e.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${e.PORT}`,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    // Demo content is on by default only for the embedded database.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    loginAttemptsPerAddress: e.LOGIN_ATTEMPTS_PER_ADDRESS,
    loginFailures: {
      perAccountAndAddress: e.LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      perAccountHourly: e.LOGIN_FAILURES_PER_ACCOUNT_HOURLY,
    },
    jobIntervalMs: e.JOB_INTERVAL_SECONDS * 1000,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: `mailto:${e.SUPPORT_EMAIL}`,
      allowLoopback: e.PUSH_ALLOW_LOOPBACK,
    },
    media: {
      dir: path.join(dataDir, "media"),
      imageMaxBytes: Math.round(e.IMAGE_MAX_MB * 1024 * 1024),
      signingSecret: e.MEDIA_SIGNING_SECRET,
      accelRedirect: e.MEDIA_ACCEL_REDIRECT,
      audioMaxBytes: Math.round(e.AUDIO_MAX_MB * 1024 * 1024),
      uploadPace: {
        minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
        stallMs: e.UPLOAD_STALL_SECONDS * 1000,
      },
      s3:
        e.S3_BUCKET && e.S3_PUBLIC_URL
          ? {
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              publicUrl: e.S3_PUBLIC_URL.replace(/\/$/, ""),
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : undefined,
    },
    trustProxy: e.TRUST_PROXY,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    logLevel: e.LOG_LEVEL,
    webBuildDir: path.resolve(e.WEB_BUILD_DIR ?? path.join(repoRoot(), "apps/web/build/client")),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") },
    supportEmail: e.SUPPORT_EMAIL,
    seller: {
      name: e.SELLER_NAME ?? DEMO_SELLER.name,
      address: e.SELLER_ADDRESS ?? DEMO_SELLER.address,
      taxId: e.SELLER_TAX_ID ?? DEMO_SELLER.taxId,
      email: e.SELLER_EMAIL ?? DEMO_SELLER.email,
      demo: !(e.SELLER_NAME && e.SELLER_ADDRESS && e.SELLER_TAX_ID && e.SELLER_EMAIL),
    },
    taxRatePercent: e.TAX_RATE_PERCENT,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          api: e.STRIPE_API_BASE ? stripeApi(e.STRIPE_API_BASE) : undefined,
        }
      : undefined,
    site: {
      appStoreUrl: e.APP_STORE_URL,
      playStoreUrl: e.PLAY_STORE_URL,
      demoBookingUrl: e.DEMO_BOOKING_URL ?? `mailto:${e.SUPPORT_EMAIL}?subject=Serene%20demo`,
    },
    limits: {
      supportPerAddress: e.SUPPORT_REQUESTS_PER_ADDRESS,
      paymentPerAddress: e.PAYMENT_REQUESTS_PER_ADDRESS,
      redeemPerUser: e.REDEEM_ATTEMPTS_PER_USER,
    },
  };
}

/** STRIPE_API_BASE (e.g. http://127.0.0.1:12111) as the SDK's host, port and protocol options. */
function stripeApi(base: string): NonNullable<StripeConfig["api"]> {
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port) || (protocol === "http" ? 80 : 443), protocol };
}

/** The repository root: found from this module, whether it runs from src/ or the bundled dist/. */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "apps/api/package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the Serene repository root");
    dir = parent;
  }
  return dir;
}

/** apps/api, where migrations live. */
export function apiRoot(): string {
  return path.join(repoRoot(), "apps/api");
}

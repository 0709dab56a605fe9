import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { UserRole } from "@serene/contract";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { RouteOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config/env.ts";
import { type Database, openDatabase, pgliteExtensions } from "../db/client.ts";
import { migrationsFolder } from "../db/open.ts";
import type { App } from "../plugins/types.ts";
import { bearer, buildUser, login } from "./factories.ts";

/** Set by the "api-postgres" test project: the suite then runs against a real PostgreSQL server. */
const serverUrl = process.env.TEST_DATABASE_URL;

export const testDatabaseKind = serverUrl ? "postgres" : "pglite";

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server
 * of TEST_DATABASE_URL, dropped again on close. Both start from a copy of a database migrated
 * once per set of migrations (PGlite: a new instance and its migrations take about 2 s, loading
 * a migrated copy 0.5 s), so the migrations still run exactly as they are, once.
 */
export async function openTestDatabase(): Promise<Database> {
  if (!serverUrl) {
    const database = await openDatabase({
      migrationsFolder: migrationsFolder(),
      loadDataDir: await pgliteTemplate(),
    });
    await database.migrate();
    return database;
  }
  const name = `serene_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await postgresTemplate(admin)}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    url: databaseUrl(name),
    poolSize: 5,
    migrationsFolder: migrationsFolder(),
  });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Names the migrated template: the migration files, and the PGlite release for its dump. */
const templateKey = (() => {
  let key: string | undefined;
  return () => {
    if (key) return key;
    const hash = createHash("sha256");
    const folder = migrationsFolder();
    for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
      const full = path.join(folder, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
    let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
    hash.update(fs.readFileSync(path.join(dir, "package.json")));
    key = hash.digest("hex").slice(0, 16);
    return key;
  };
})();

let pgliteDump: Promise<Blob> | undefined;

/** A migrated PGlite data folder, dumped once into the temporary folder and shared by the suite's workers. */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(os.tmpdir(), `serene-test-pglite-${templateKey()}.tar`);
    if (!fs.existsSync(file)) {
      const client = await PGlite.create({ extensions: await pgliteExtensions() });
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
      const dump = await client.dumpDataDir("none");
      await client.close();
      // Written aside and renamed: a worker never reads a half-written dump.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  return pgliteDump;
}

// Any fixed number: one worker at a time builds the template database.
const TEMPLATE_LOCK_KEY = 737373;

/** A migrated template database on the server (built once, under a lock, then renamed into place). */
async function postgresTemplate(admin: pg.Client): Promise<string> {
  const name = `serene_template_${templateKey()}`;
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const database = await openDatabase({
      url: databaseUrl(building),
      poolSize: 1,
      migrationsFolder: migrationsFolder(),
    });
    await database.migrate();
    await database.close();
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: path.join(os.tmpdir(), `serene-test-${randomBytes(4).toString("hex")}`),
    WEB_BUILD_DIR: path.join(os.tmpdir(), "serene-no-web-build"),
    DEMO_DATA: "false",
    LOG_LEVEL: "silent",
    // Suites sign in often from one address; the limit itself has its own test.
    LOGIN_ATTEMPTS_PER_ADDRESS: "10000",
    SUPPORT_REQUESTS_PER_ADDRESS: "10000",
    PAYMENT_REQUESTS_PER_ADDRESS: "10000",
    REDEEM_ATTEMPTS_PER_USER: "10000",
    ...overrides,
  });
}

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  routes: RouteOptions[];
  close(): Promise<void>;
}

/** The whole app on a fresh database, driven through `app.inject` (real HTTP handling, no socket). */
export async function createTestApp(
  configOverrides: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const routes: RouteOptions[] = [];
  const config = testConfig(configOverrides);
  const app = await buildApp({
    config,
    database,
    onRoute: (route) => routes.push(route),
    clock: options.clock,
  });
  await app.ready();
  return { app, config, database, routes, close: () => app.close() };
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface UseTestAppOptions {
  /** Signs in a user of this role first: `t.token` and `t.user` are theirs. */
  as?: UserRole;
  /** Environment variables for this app (see config/env.ts). */
  config?: Record<string, string>;
}

/**
 * The whole app on a fresh database for one test file: registers its own beforeAll/afterAll,
 * so a file starts with `const t = useTestApp({ as: "admin" })`. `t.call` drives the user
 * domain (`/api/v1/user` unless the path starts with `/api/`) as the signed-in user, or as
 * another token, or signed out with `null`.
 */
export function useTestApp({ as, config }: UseTestAppOptions = {}) {
  let test: TestApp | undefined;
  let signedIn: { user: NewUserRow; token: string } | undefined;
  beforeAll(async () => {
    test = await createTestApp(config);
    if (as) {
      const user = await buildUser(test.database.db, { role: as });
      signedIn = { user, token: await login(test.app, user.email) };
    }
  });
  afterAll(() => test?.close());

  const started = () => {
    if (!test) throw new Error("useTestApp: the app starts in beforeAll; use it inside tests and hooks");
    return test;
  };
  const signedInAs = () => {
    if (!signedIn) throw new Error("useTestApp: pass { as } to sign someone in");
    return signedIn;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get config() {
      return started().config;
    },
    get routes() {
      return started().routes;
    },
    /** The signed-in user's row. */
    get user() {
      return signedInAs().user;
    },
    /** The signed-in user's bearer token. */
    get token() {
      return signedInAs().token;
    },
    call(method: Method, url: string, payload?: object, token: string | null = signedIn?.token ?? null) {
      return started().app.inject({
        method,
        url: url.startsWith("/api/") ? url : `/api/v1/user${url}`,
        payload,
        headers: token ? bearer(token) : {},
      });
    },
  };
}

type NewUserRow = Awaited<ReturnType<typeof buildUser>>;

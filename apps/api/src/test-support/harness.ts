import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { RouteOptions } from "fastify";
import pg from "pg";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config/env.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { migrationsFolder } from "../db/open.ts";
import type { App } from "../plugins/types.ts";

/** Set by the "api-postgres" test project: the suite then runs against a real PostgreSQL server. */
const serverUrl = process.env.TEST_DATABASE_URL;

export const testDatabaseKind = serverUrl ? "postgres" : "pglite";

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server
 * of TEST_DATABASE_URL, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  if (!serverUrl) {
    const database = await openDatabase({ migrationsFolder: migrationsFolder() });
    await database.migrate();
    return database;
  }
  const name = `serene_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    url: url.toString(),
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

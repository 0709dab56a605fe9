/**
 * `node --cpu-prof --import tsx bench/profile.ts`: serves GET /app-message (with a session) on
 * PostgreSQL (BENCH_DATABASE_URL) or PGlite under autocannon, for a CPU profile of the hot path.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/open.ts";
import { buildUser, login } from "../src/test-support/factories.ts";
import { hammer } from "./load.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-profile-"));
const url = process.env.BENCH_DATABASE_URL;
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  DEMO_DATA: "false",
  WEB_BUILD_DIR: "/nonexistent",
});
const database = await openDatabase({
  url,
  dataDir: url ? undefined : path.join(dataDir, "pglite"),
  migrationsFolder: migrationsFolder(),
});
await database.migrate();
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const admin = await buildUser(database.db, { role: "admin" });
const token = await login(app, admin.email);
console.log(await hammer(`${base}/api/v1/user/app-message`, { authorization: `Bearer ${token}` }));
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

/**
 * `npm run bench:export -w @serene/api`: the users list's CSV export at scale, through the real
 * HTTP endpoint. Seeds BENCH_EXPORT_USERS app users (1,000,000) with one generate_series INSERT into
 * PGlite, or into a fresh database `serene_bench_export` on BENCH_DATABASE_URL's PostgreSQL server,
 * then downloads GET /api/v1/user/users/export and reports the time, the rows and bytes received,
 * and this process's peak RSS and heap growth over the download (sampled every 20 ms). With PGlite
 * the database runs inside this process, so its memory counts too; with PostgreSQL only the server's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/open.ts";
import { buildUser, login } from "../src/test-support/factories.ts";
import { freshPostgres } from "./load.ts";

const USERS = Number(process.env.BENCH_EXPORT_USERS ?? 1_000_000);
const PG_URL = process.env.BENCH_DATABASE_URL;
const say = (text: string) => process.stderr.write(`${text}\n`);
const mb = (bytes: number) => bytes / 1024 / 1024;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "serene-bench-export-"));
const url = PG_URL ? await freshPostgres(PG_URL, "serene_bench_export") : undefined;
const config = loadConfig({
  DATA_DIR: tmp,
  LOG_LEVEL: "silent",
  DEMO_DATA: "false",
  WEB_BUILD_DIR: "/nonexistent",
  ...(url ? { DATABASE_URL: url } : {}),
});
const database = await openDatabase({
  url,
  dataDir: url ? undefined : path.join(tmp, "pglite"),
  migrationsFolder: migrationsFolder(),
});
await database.migrate();

let started = performance.now();
await database.db.execute(sql`
  insert into users (username, email, mood, status, time_created)
  select 'listener-' || g, 'listener-' || g || '@bench.test',
    (array['happy','sad','angry'])[1 + g % 3]::mood, case when g % 7 = 0 then 'paid' else 'free' end,
    timestamptz '2020-01-01' + g * interval '1 minute'
  from generate_series(1, ${USERS}) g`);
// As autovacuum would after such a load: the planner knows the table's size.
await database.db.execute(sql`analyze users`);
say(`seeded ${USERS} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const app = await buildApp({ config, database });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
const admin = await buildUser(database.db, { role: "admin" });
const token = await login(app, admin.email);

// A first export, short (one row), so the measured one finds the routes and statements warm.
await fetch(`http://127.0.0.1:${port}/api/v1/user/users/export?q=listener-1@`, {
  headers: { authorization: `Bearer ${token}` },
}).then((r) => r.text());

global.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const timer = setInterval(() => {
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
}, 20);

started = performance.now();
const res = await fetch(`http://127.0.0.1:${port}/api/v1/user/users/export`, {
  headers: { authorization: `Bearer ${token}` },
});
if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
const headersMs = performance.now() - started;
let bytes = 0;
let lines = 0;
let firstByteMs = 0;
for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
  if (!bytes) firstByteMs = performance.now() - started;
  bytes += chunk.byteLength;
  for (const byte of chunk) if (byte === 10) lines++;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);

const result = {
  database: url ? "PostgreSQL" : "PGlite (in this process)",
  users: USERS,
  rowsReceived: lines - 1,
  megabytes: Number(mb(bytes).toFixed(1)),
  seconds: Number(seconds.toFixed(1)),
  rowsPerSecond: Math.round((lines - 1) / seconds),
  headersMs: Math.round(headersMs),
  firstByteMs: Math.round(firstByteMs),
  rssBeforeMb: Number(mb(before.rss).toFixed(0)),
  peakRssGrowthMb: Number(mb(peakRss - before.rss).toFixed(1)),
  peakHeapGrowthMb: Number(mb(peakHeap - before.heapUsed).toFixed(1)),
};
console.log(JSON.stringify(result, null, 2));
await app.close();
fs.rmSync(tmp, { recursive: true, force: true });

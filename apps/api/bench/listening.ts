/**
 * Listening bench: seeds BENCH_LISTENERS listeners (default 1,000,000) and BENCH_SESSIONS
 * listening sessions (default 10,000,000, over the last year, with progress rows and counted
 * plays) on PostgreSQL (BENCH_DATABASE_URL: an empty database it may fill), then, through one
 * app instance listening on a real socket:
 * - progress reports per second and their p50/p99, BENCH_CONCURRENCY (default 32) in flight,
 *   sent from a worker thread;
 * - GET /app/stats and GET /app/progress (continue listening) p50/p99;
 * - the dashboard's stat cards p50 (Avg. time on app reads 30 days of sessions).
 * BENCH_REUSE=1 keeps the listeners and sessions of an earlier run in the same database (seeding
 * 10M sessions takes minutes): the seed is skipped when its first listener is there.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/open.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { buildUser, login, TEST_PASSWORD } from "../src/test-support/factories.ts";

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 1_000_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000_000);
const RESOURCES = 2_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 20_000);
const READS = 300;
if (!process.env.BENCH_DATABASE_URL) throw new Error("BENCH_DATABASE_URL (PostgreSQL) is required");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-listen-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  DEMO_DATA: "false",
  WEB_BUILD_DIR: "/nonexistent",
  LOGIN_ATTEMPTS_PER_ADDRESS: "100000",
});
const database = await openDatabase({
  url: process.env.BENCH_DATABASE_URL,
  poolSize: 10,
  migrationsFolder: migrationsFolder(),
});
await database.migrate();
const db = database.db;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const [seeded] = await rowsOf<{ n: number }>(
  sql`select count(*)::int as n from users where email = 'listener1@bench.test'`,
);
const reuse = process.env.BENCH_REUSE === "1" && seeded!.n > 0;

let started = performance.now();
if (!reuse) await seed();
const seedSeconds = reuse ? "0 (reused)" : ((performance.now() - started) / 1000).toFixed(0);

async function seed() {
  await db.execute(sql`
  insert into users (username, email, time_created, time_zone)
  select 'listener' || g, 'listener' || g || '@bench.test', now() - interval '400 days',
         (array['Europe/Paris','America/Sao_Paulo','Asia/Tokyo','UTC'])[1 + g % 4]
  from generate_series(1, ${LISTENERS}) g`);
  await db.execute(sql`
  insert into resources (title, mood, payment_type, review_state, duration_seconds, audio_key, time_created)
  select 'Track ' || g, (array['happy','sad','angry'])[1 + g % 3]::mood, 'free', 'published', 300 + g % 900, 'audio/bench.mp3', now() - (g || ' hours')::interval
  from generate_series(1, ${RESOURCES}) g`);
  // Sessions spread over listeners and the last year; 2 in 3 count a play.
  await db.execute(sql`
  create temporary table bench_ids as
  select row_number() over () as n, u.id as user_id from users u where u.email like 'listener%@bench.test'`);
  await db.execute(sql`
  create temporary table bench_tracks as
  select row_number() over () as n, r.id as resource_id, r.duration_seconds from resources r`);
  await db.execute(sql`
  insert into listening_sessions (user_id, resource_id, listened_seconds, position, counted, finished,
                                  mood_before, mood_after, started_at, last_report_at, ended_at)
  select u.user_id, r.resource_id, 60 + g % 600, 60 + g % 600, g % 3 <> 0, g % 4 = 0,
         (array['sad','happy',null])[1 + g % 3]::mood, (array['happy','happy',null])[1 + g % 3]::mood,
         now() - ((g % 525600) || ' minutes')::interval, now() - ((g % 525600) || ' minutes')::interval,
         now() - ((g % 525600) || ' minutes')::interval
  from generate_series(1, ${SESSIONS}) g
  join bench_ids u on u.n = 1 + (g::bigint * 7919) % ${LISTENERS}
  join bench_tracks r on r.n = 1 + g % ${RESOURCES}`);
  await db.execute(sql`
  insert into plays (resource_id, user_id, session_id, played_at)
  select resource_id, user_id, id, started_at from listening_sessions where counted`);
  await db.execute(sql`
  insert into listening_progress (user_id, resource_id, position, updated_at)
  select distinct on (user_id, resource_id) user_id, resource_id, position, started_at
  from listening_sessions where not finished order by user_id, resource_id, started_at desc`);
  await db.execute(sql`vacuum analyze`);
}

const app = await buildApp({ config, database });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

// Listeners with history: the first ones seeded (each has about SESSIONS / LISTENERS sessions).
const passwordHash = await hashPassword(TEST_PASSWORD);
const bearerOf = async (n: number) => {
  const email = `listener${n}@bench.test`;
  await db.execute(sql`update users set password_hash = ${passwordHash} where email = ${email}`);
  return `Bearer ${await login(app, email)}`;
};
const tokens = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => bearerOf(i + 1)));
const trackIds = await rowsOf<{ id: string }>(sql`select id from resources limit ${CONCURRENCY}`);

async function call(method: string, url: string, token: string, body?: object) {
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: token, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return { ms: performance.now() - t0, json: JSON.parse(text) };
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const summary = (xs: number[]) => `p50 ${pct(xs, 0.5).toFixed(1)} ms, p99 ${pct(xs, 0.99).toFixed(1)} ms`;

// Progress reports: one open session per worker, reports with a growing seq.
const sessions = await Promise.all(
  tokens.map(
    async (token, i) =>
      (await call("POST", `/api/v1/app/resources/${trackIds[i]!.id}/sessions`, token, {})).json.data
        .sessionId as string,
  ),
);
// The reports are sent from a worker thread (node:http, kept-alive connections): the instance
// measured has its event loop to itself.
const reportLoad = `
  const http = require("node:http");
  const { parentPort, workerData: w } = require("node:worker_threads");
  const agent = new http.Agent({ keepAlive: true, maxSockets: w.tokens.length });
  const post = (path, token, body) => new Promise((resolve, reject) => {
    const req = http.request(w.base + path, {
      method: "POST", agent,
      headers: { authorization: token, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => res.statusCode === 200 ? resolve() : reject(new Error("progress: " + res.statusCode + " " + text)));
    });
    req.on("error", reject);
    req.end(body);
  });
  const times = [];
  let sent = 0;
  Promise.all(w.tokens.map(async (token, i) => {
    let seq = 0;
    while (sent < w.reports) {
      sent++;
      seq++;
      const t0 = performance.now();
      await post("/api/v1/app/sessions/" + w.sessions[i] + "/progress", token,
        JSON.stringify({ seq, listenedSeconds: 10, position: seq % 280 }));
      times.push(performance.now() - t0);
    }
  })).then(() => parentPort.postMessage(times));
`;
started = performance.now();
const reportTimes = await new Promise<number[]>((resolve, reject) => {
  const worker = new Worker(reportLoad, {
    eval: true,
    workerData: { base, tokens, sessions, reports: REPORTS },
  });
  worker.once("message", resolve);
  worker.once("error", reject);
});
const reportSeconds = (performance.now() - started) / 1000;

const timed = async (url: string) => {
  const times: number[] = [];
  for (let i = 0; i < READS; i++) times.push((await call("GET", url, tokens[i % tokens.length]!)).ms);
  return times;
};
const stats = await timed("/api/v1/app/stats?days=30");
const statsYear = await timed("/api/v1/app/stats?days=365");
const progress = await timed("/api/v1/app/progress");
const admin = await buildUser(db, { role: "admin" });
const adminToken = `Bearer ${await login(app, admin.email)}`;
const dashboard: number[] = [];
const topResources: number[] = [];
for (let i = 0; i < 30; i++) {
  dashboard.push((await call("GET", "/api/v1/user/dashboard-stats", adminToken)).ms);
  topResources.push((await call("GET", "/api/v1/user/top-resources?limit=5", adminToken)).ms);
}

const [counts] = await rowsOf<{ sessions: string; plays: string; progress: string }>(
  sql`select (select count(*) from listening_sessions) as sessions, (select count(*) from plays) as plays, (select count(*) from listening_progress) as progress`,
);
console.log(
  `\nSerene listening bench (${database.kind}; ${LISTENERS.toLocaleString("en-US")} listeners, ${Number(counts!.sessions).toLocaleString("en-US")} sessions, ${Number(counts!.plays).toLocaleString("en-US")} counted plays, ${Number(counts!.progress).toLocaleString("en-US")} progress rows; seeded in ${seedSeconds} s; Node ${process.version}, ${os.cpus().length} cores)`,
);
console.log(
  `progress reports: ${(reportTimes.length / reportSeconds).toFixed(0)}/s with ${CONCURRENCY} in flight (${reportTimes.length} reports), ${summary(reportTimes)}`,
);
console.log(`GET /app/stats?days=30:   ${summary(stats)}`);
console.log(`GET /app/stats?days=365:  ${summary(statsYear)}`);
console.log(`GET /app/progress:        ${summary(progress)}`);
console.log(`GET /user/dashboard-stats: ${summary(dashboard)}`);
console.log(`GET /user/top-resources:  ${summary(topResources)}`);
console.log(
  `load average (1, 5, 15 min) at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

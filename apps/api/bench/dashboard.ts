/**
 * Dashboard bench: seeds BENCH_USERS users (default 1,000,000) and BENCH_RESOURCES resources
 * (default 100,000) with plays, then times the dashboard's requests — all fired together, as
 * the page does — through the real app. PostgreSQL via BENCH_DATABASE_URL (an empty database
 * it may fill), else embedded PGlite.
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

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 100_000);
const ROUNDS = 30;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-dash-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  DEMO_DATA: "false",
  WEB_BUILD_DIR: "/nonexistent",
});
const database = await openDatabase({
  url: process.env.BENCH_DATABASE_URL,
  dataDir: process.env.BENCH_DATABASE_URL ? undefined : path.join(dataDir, "pglite"),
  migrationsFolder: migrationsFolder(),
});
await database.migrate();
const db = database.db;

let started = performance.now();
await db.execute(sql`
  insert into users (username, email, mood, status, time_created)
  select 'user' || g, 'user' || g || '@bench.test', (array['happy','sad','angry'])[1 + g % 3]::mood,
         case when g % 7 = 0 then 'paid' else 'free' end, now() - ((g % 730) || ' days')::interval - ((g % 1440) || ' minutes')::interval
  from generate_series(1, ${USERS}) g`);
await db.execute(
  sql`insert into interests (name, position) select 'Topic ' || g, g from generate_series(1, 10) g`,
);
await db.execute(sql`
  insert into resources (title, mood, payment_type, review_state, interest_id, no_plays, time_created)
  select 'Session ' || g, (array['happy','sad','angry'])[1 + g % 3]::mood, (array['paid','free'])[1 + g % 2]::payment_type, 'published',
         (select id from interests order by position offset (g % 11) limit 1), g % 500, now() - (g || ' minutes')::interval
  from generate_series(1, ${RESOURCES}) g`);
await db.execute(sql`
  insert into host_requests (user_id, reason)
  select id, 'I would like to host' from users where email like 'user%00@bench.test' limit 500`);
await db.execute(sql`vacuum analyze`);
const seedSeconds = ((performance.now() - started) / 1000).toFixed(0);

const app = await buildApp({ config, database });
const admin = await buildUser(db, { role: "admin" });
const headers = { authorization: `Bearer ${await login(app, admin.email)}` };
const requests = [
  "/api/v1/auth/me",
  "/api/v1/user/dashboard-stats",
  "/api/v1/user/users-gained-yearly",
  "/api/v1/user/resources-per-interest",
  "/api/v1/user/users?limit=20",
  "/api/v1/user/top-resources?limit=10",
  "/api/v1/user/resources?limit=6",
  "/api/v1/user/notifications?kind=host_request,deletion_request,purchase&limit=30",
  "/api/v1/user/notifications?kind=support_message&limit=30",
];

// Each request alone first (what it costs without the others), then the page's parallel rounds.
const alone = new Map<string, number[]>(requests.map((r) => [r, []]));
for (let i = 0; i < ROUNDS; i++) {
  for (const url of requests) {
    const t0 = performance.now();
    const res = await app.inject({ method: "GET", url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    alone.get(url)!.push(performance.now() - t0);
  }
}

const perRequest = new Map<string, number[]>(requests.map((r) => [r, []]));
const rounds: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  started = performance.now();
  await Promise.all(
    requests.map(async (url) => {
      const t0 = performance.now();
      const res = await app.inject({ method: "GET", url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      perRequest.get(url)!.push(performance.now() - t0);
    }),
  );
  rounds.push(performance.now() - started);
}
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(1)} ms`;
};
const check = (await app.inject({ method: "GET", url: "/api/v1/user/dashboard-stats", headers })).json().data;
console.log(
  `\nSerene dashboard bench (${database.kind}; ${USERS.toLocaleString("en-US")} users, ${RESOURCES.toLocaleString("en-US")} resources; seeded in ${seedSeconds} s; ${os.cpus().length} cores)`,
);
console.log(`stat cards: ${JSON.stringify(check)}\n`);
console.log(`whole dashboard, ${requests.length} requests in parallel (${ROUNDS} rounds): ${stats(rounds)}`);
for (const [url, times] of perRequest) console.log(`  ${url.padEnd(40)} ${stats(times)}`);
const sumOfMedians = [...alone.values()].reduce((total, times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return total + sorted[Math.floor(sorted.length / 2)]!;
}, 0);
console.log(`\neach request alone, one after another (sum of medians ${sumOfMedians.toFixed(1)} ms):`);
for (const [url, times] of alone) console.log(`  ${url.padEnd(40)} ${stats(times)}`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

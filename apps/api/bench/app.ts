/**
 * `npm run bench` (app part): the listener's home and search, with BENCH_APP_RESOURCES
 * resources (default 100,000) and BENCH_APP_USERS users (default 1,000,000), p50/p99 latency
 * of one client and requests per second with 16 concurrent clients, over HTTP.
 * Runs on embedded PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set (the target).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/open.ts";
import { buildUser, login } from "../src/test-support/factories.ts";

const RESOURCES = Number(process.env.BENCH_APP_RESOURCES ?? 100_000);
const USERS = Number(process.env.BENCH_APP_USERS ?? 1_000_000);
const SAMPLES = 200;
const CONCURRENCY = 16;
const RPS_SECONDS = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-bench-app-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  DEMO_DATA: "false",
  WEB_BUILD_DIR: "/nonexistent",
});
const database: Database = await openDatabase({
  url: process.env.BENCH_DATABASE_URL,
  dataDir: process.env.BENCH_DATABASE_URL ? undefined : path.join(dataDir, "pglite"),
  migrationsFolder: migrationsFolder(),
});
await database.migrate();
const db = database.db;

// ---- data: interests, resources with varied titles, a million users ----
const words = ["calm", "sleep", "ocean", "breath", "morning", "focus", "anxiety", "gentle", "forest", "rain"];
const more = [
  "méditation",
  "journey",
  "body",
  "scan",
  "evening",
  "walk",
  "kindness",
  "stress",
  "relief",
  "night",
];
const t0 = performance.now();
await db.execute(sql`insert into interests (name, position)
  select 'Interest ' || g, g from generate_series(1, 20) g`);
await db.execute(sql`
  insert into resources (title, description, mood, payment_type, review_state, interest_id, no_plays,
                         duration, duration_seconds, time_created, image_key, audio_key)
  select initcap((string_to_array(${words.join(",")}, ','))[1 + g % 10]) || ' ' || (string_to_array(${more.join(",")}, ','))[1 + (g / 10) % 10] || ' ' || g,
         'A ' || (string_to_array(${words.join(",")}, ','))[1 + (g / 100) % 10] || ' session for ' || (string_to_array(${more.join(",")}, ','))[1 + (g / 1000) % 10],
         (array['happy','sad','angry'])[1 + g % 3]::mood, (array['paid','free'])[1 + g % 2]::payment_type,
         case when g % 10 = 0 then 'pending' else 'published' end::review_state,
         (select id from interests order by position offset (g % 20) limit 1), g % 5000,
         '10:00', 60 + g % 3600, now() - (g || ' minutes')::interval,
         'image/AAAAAAAAAAAAAAAAAAAAAA.jpg', 'audio/AAAAAAAAAAAAAAAAAAAAAA.mp3'
  from generate_series(1, ${RESOURCES}) g`);
await db.execute(sql`
  insert into users (username, email, password_hash, email_verified_at)
  select 'listener ' || g, 'listener-' || g || '@bench.example', null, now()
  from generate_series(1, ${USERS}) g`);
await db.execute(sql`analyze`);
const seedSeconds = (performance.now() - t0) / 1000;

const app = await buildApp({ config, database });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const listener = await buildUser(db, { mood: "sad" });
const headers = { authorization: `Bearer ${await login(app, listener.email)}` };

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function get(url: string) {
  const res = await fetch(`${base}${url}`, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

async function measure(urls: string[]) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await get(urls[i % urls.length]!);
    times.push(performance.now() - start);
  }
  let done = 0;
  const until = performance.now() + RPS_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      for (let i = c; performance.now() < until; i++) {
        await get(urls[i % urls.length]!);
        done++;
      }
    }),
  );
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ${(done / RPS_SECONDS).toFixed(0)} req/s (${CONCURRENCY} clients)`;
}

const searches = [
  "ocean",
  "slep journy",
  "meditaton",
  "gentle forest",
  "kindnes",
  "body scan 7",
  "anxiety relief",
].map((q) => `/api/v1/app/resources?q=${encodeURIComponent(q)}`);
const rows: [string, string][] = [
  ["GET /app/home", await measure(["/api/v1/app/home"])],
  ["GET /app/resources?q=… (7 queries, typos)", await measure(searches)],
  [
    "GET /app/resources?sort=popular&access=paid",
    await measure(["/api/v1/app/resources?sort=popular&access=paid"]),
  ],
];

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `\nSerene app bench (${database.kind}, ${RESOURCES.toLocaleString("en-US")} resources, ${USERS.toLocaleString("en-US")} users, seeded in ${seedSeconds.toFixed(0)} s, Node ${process.version}, ${os.cpus().length} cores)\n`,
);
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);

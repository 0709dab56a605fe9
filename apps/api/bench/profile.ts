/**
 * `npx tsx bench/profile.ts`: serves GET /app-message (or BENCH_PROFILE_PATH, e.g.
 * /api/v1/user/users?limit=20) on PostgreSQL (BENCH_DATABASE_URL) or PGlite under autocannon (with a session; BENCH_PROFILE_SESSION=false without) and CPU-profiles only that
 * load: writes the profile (open it in Chrome DevTools or speedscope) and prints the top self-time
 * frames and files, and what each part of a request costs (inclusive time, per request): the
 * request hooks, the log line, the reply's check and serialisation, the SQL. Serene logs at info to
 * a file, as in production.
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { buildApp, loggerOptions } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/open.ts";
import { buildUser, login } from "../src/test-support/factories.ts";
import { hammer, SECONDS } from "./load.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-profile-"));
const url = process.env.BENCH_DATABASE_URL;
const withSession = process.env.BENCH_PROFILE_SESSION !== "false";
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
const logger = {
  ...loggerOptions("info"),
  stream: pino.destination({ dest: path.join(dataDir, "serene.log"), sync: true }),
};
const app = await buildApp({ config, database, logger });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const admin = await buildUser(database.db, { role: "admin" });
// A list's first page should be full: 100 users and 100 published contents.
await database.db.execute(sql`
  insert into users (username, email) select 'user' || g, 'user' || g || '@profile.test' from generate_series(1, 100) g`);
await database.db.execute(sql`
  insert into resources (title, description, mood, payment_type, review_state, user_id, image_key, audio_key)
  select 'Session ' || g, 'profile', 'happy', 'free', 'published', ${admin.id}::uuid,
         'image/AAAAAAAAAAAAAAAAAAAAAA.jpg', 'audio/AAAAAAAAAAAAAAAAAAAAAA.mp3'
  from generate_series(1, 100) g`);
const headers: Record<string, string> = withSession
  ? { authorization: `Bearer ${await login(app, admin.email)}` }
  : {};
const target = `${base}${process.env.BENCH_PROFILE_PATH ?? "/api/v1/user/app-message"}`;
// Warm up (JIT, pool connections), then profile the load alone.
for (let i = 0; i < 200; i++) await (await fetch(target, { headers })).arrayBuffer();
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.start");
const load = await hammer(target, headers);
console.log(load);
const { profile } = await session.post("Profiler.stop");
session.disconnect();
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const file = path.join(
  os.tmpdir(),
  `serene-${database.kind}-${withSession ? "session" : "public"}.cpuprofile`,
);
fs.writeFileSync(file, JSON.stringify(profile));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTime = new Map<string, number>();
const fileTime = new Map<string, number>();
let total = 0;
profile.samples!.forEach((id, i) => {
  const { functionName, url: source, lineNumber } = byId.get(id)!.callFrame;
  const where = source.replace(/^.*node_modules\//, "").replace(/^.*\/apps\/api\//, "");
  const us = profile.timeDeltas![i] ?? 0;
  total += us;
  const frame = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
  selfTime.set(frame, (selfTime.get(frame) ?? 0) + us);
  const owner = /^(@[^/]+\/[^/]+|[^/:]+)/.exec(where)?.[0] || functionName;
  fileTime.set(owner, (fileTime.get(owner) ?? 0) + us);
});
const top = (times: Map<string, number>, n: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join("\n");
console.log(`\n${file}\n\nTop self time:\n${top(selfTime, 25)}\n\nBy package or file:\n${top(fileTime, 15)}`);

// What each part of a request costs: a sample counts for the part nearest the top of its stack, so a
// hook that calls the next one synchronously (Fastify's hooks chain) is not charged for what follows.
const parts: [string, (frame: { functionName: string; url: string }) => boolean][] = [
  [
    "request id and client address (app.ts, lib/client-address.ts)",
    (f) => f.url.endsWith("lib/client-address.ts"),
  ],
  ["security headers (plugins/security-headers.ts)", (f) => f.url.endsWith("plugins/security-headers.ts")],
  ["cookie parsing (@fastify/cookie)", (f) => f.url.includes("@fastify/cookie/")],
  ["session look-up and access (plugins/auth-guard.ts)", (f) => f.url.endsWith("plugins/auth-guard.ts")],
  ["JSON compression check (plugins/compress-json.ts)", (f) => f.url.endsWith("plugins/compress-json.ts")],
  ["the request's log line (pino)", (f) => f.functionName === "requestCompleted" || f.url.includes("/pino/")],
  ["reply check and JSON (zod serializer)", (f) => f.url.includes("fastify-type-provider-zod")],
  ["SQL (drizzle and the driver)", (f) => /drizzle-orm|@electric-sql|wasm:|\/pg\//.test(f.url)],
  ["Fastify itself (routing, hooks, reply)", (f) => /\/fastify\/|find-my-way|light-my-request/.test(f.url)],
  [
    "Node's HTTP and sockets",
    (f) => f.url.startsWith("node:") || ["writev", "writeUtf8String"].includes(f.functionName),
  ],
];
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const partTime = new Map<string, number>();
let busy = 0;
profile.samples!.forEach((id, i) => {
  const us = profile.timeDeltas![i] ?? 0;
  if (byId.get(id)!.callFrame.functionName !== "(idle)") busy += us;
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at)!.callFrame;
    const part = parts.find(([, match]) => match(frame));
    if (part) {
      partTime.set(part[0], (partTime.get(part[0]) ?? 0) + us);
      break;
    }
  }
});
const requests = load.rps * SECONDS;
console.log(
  `\nPer request (${requests.toFixed(0)} requests, ${(busy / requests).toFixed(0)} µs of CPU each):\n` +
    parts
      .map(([name]) => {
        const us = partTime.get(name) ?? 0;
        return `${(us / requests).toFixed(0).padStart(6)} µs ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${name}`;
      })
      .join("\n"),
);

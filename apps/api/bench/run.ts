/**
 * `npm run bench`: Serene side by side with what a user would pick instead, in one process run,
 * printed as one table (measure, Serene, comparator, ratio, goal). Embedded PGlite always; PostgreSQL
 * too when BENCH_DATABASE_URL is set (the bench creates and fills its own database `serene_bench_perf`
 * on that server). Knobs: BENCH_SECONDS (autocannon run, 5), BENCH_CONNECTIONS (50), BENCH_FILE_MB
 * (38), BENCH_RSS_FILE_MB (300), BENCH_USERS / BENCH_RESOURCES (PostgreSQL 1,000,000 / 100,000;
 * PGlite 10,000 / 100,000). Serene logs as it does in production (info, one line per request), to a
 * file in the bench's temp folder. Last, with BENCH_DATABASE_URL and nginx: the content list directly and
 * through nginx to one and two server processes (bench/nginx-scale.ts). BENCH_ONLY picks row groups,
 * comma-separated: overhead (app-message with and without a session), files (upload, RSS, streaming),
 * lists (search and first pages, after the big seed), start (start to healthy), nginx.
 * BENCH_DATABASE_NAME names the PostgreSQL database it drops and fills (serene_bench_perf).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pino from "pino";
import { buildApp, loggerOptions } from "../src/app.ts";
import { apiRoot, loadConfig } from "../src/config/env.ts";
import { openDatabase, queryRows, type Database } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/open.ts";
import { nginxMissing, startNginx } from "../src/test-support/nginx.ts";
import { buildUser, login } from "../src/test-support/factories.ts";
import { captureQueries } from "../src/test-support/capture-queries.ts";
import { createMedia, signedQuery } from "../src/modules/media/index.ts";
import { nginxScaleRows } from "./nginx-scale.ts";
import { bodyFile, DOWNLOADS, downloadsInTurn, upload } from "./transfers.ts";
import { bareFastify, bareStreamServer, busboyUploadServer, minimalFastify } from "./comparators.ts";
import {
  CONNECTIONS,
  freshPostgres,
  hammer,
  type Load,
  rssGrowth,
  SECONDS,
  startToHealthy,
  transfersInTurn,
} from "./load.ts";

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 38);
const RSS_FILE_MB = Number(process.env.BENCH_RSS_FILE_MB ?? 300);
const PG_URL = process.env.BENCH_DATABASE_URL;
const SECTIONS = ["overhead", "files", "lists", "start", "nginx"] as const;
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const unknown = only?.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown?.length)
  throw new Error(`BENCH_ONLY: unknown ${unknown.join(", ")}; pick from ${SECTIONS.join(", ")}`);
/** Whether BENCH_ONLY (all groups when unset) asks for this row group. */
const wants = (section: (typeof SECTIONS)[number]) => !only || only.includes(section);
const PG_NAME = process.env.BENCH_DATABASE_NAME ?? "serene_bench_perf";

type Row = [measure: string, serene: string, comparator: string, ratio: string, goal: string];
const rows: Row[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "serene-bench-"));
const say = (text: string) => process.stderr.write(`${text}\n`);

const reqs = (l: Load) => `${l.rps.toFixed(0)} req/s, p99 ${l.p99} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/**
 * One GET, once more when the kept-alive connection it reused was closed by the server's keep-alive
 * timeout at that very moment (after a long seed, say).
 */
const get = (url: string, headers: Record<string, string>) =>
  fetch(url, { headers }).catch(() => fetch(url, { headers }));

/** Transfers of each side behind nginx: about 17 ms each, so more of them to steady the median. */
const NGINX_DOWNLOADS = 41;

async function benchDatabase(label: string, url: string | undefined, files: boolean) {
  const USERS = Number(process.env.BENCH_USERS ?? (url ? 1_000_000 : 10_000));
  const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 100_000);
  const dataDir = path.join(tmp, label);
  fs.mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_BUILD_DIR: "/nonexistent",
    AUDIO_MAX_MB: String(Math.max(FILE_MB, RSS_FILE_MB) + 10),
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const database: Database = await openDatabase({
    url,
    dataDir: url ? undefined : path.join(dataDir, "pglite"),
    migrationsFolder: migrationsFolder(),
  });
  await database.migrate();
  // As in production: info level, one JSON line per request (to a file, as a service's log goes).
  const logFile = path.join(tmp, `${label}.log`);
  const logger = { ...loggerOptions("info"), stream: pino.destination({ dest: logFile, sync: true }) };
  const app = await buildApp({ config, database, logger });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const admin = await buildUser(database.db, { role: "admin" });
  const auth = { authorization: `Bearer ${await login(app, admin.email)}` };
  const db = label;

  /**
   * Serene's `path` against bare Fastify running the last `statements` SQL statements Serene ran
   * for it, or all of them (the session look-up included).
   */
  async function sideBySide(
    pathname: string,
    headers: Record<string, string>,
    connections?: number,
    statements: number | "all" = 1,
  ) {
    const queries = await captureQueries(() => get(`${base}${pathname}`, headers));
    const replayed = statements === "all" ? queries : queries.slice(-statements);
    say(replayed.map((q) => `  replays: ${q.text.slice(0, 120)}`).join("\n"));
    const bare = await bareFastify(database.db, replayed);
    try {
      // A second of load on each first (JIT, pool connections), so neither is measured cold.
      await hammer(`${base}${pathname}`, headers, connections, 1);
      await hammer(bare.base, {}, connections, 1);
      return {
        serene: await hammer(`${base}${pathname}`, headers, connections),
        bare: await hammer(bare.base, {}, connections),
      };
    } finally {
      await bare.stop();
    }
  }

  // ---- per-request overhead ----
  if (wants("overhead")) {
    say(`${db}: public read`);
    const pub = await sideBySide("/api/v1/user/app-message", {});
    const minimal = await minimalFastify(database.db);
    await hammer(minimal.base, {}, CONNECTIONS, 1);
    const least = await hammer(minimal.base);
    await minimal.stop();
    rows.push([
      `${db}: GET /app-message, anonymous (c${CONNECTIONS})`,
      reqs(pub.serene),
      `bare Fastify (logger off), one route, \`select * from m limit 1\`: ${reqs(least)}`,
      ratio(pub.serene.rps, least.rps),
      "≥ 0.7×",
    ]);
    rows.push([
      `  the same`,
      reqs(pub.serene),
      `bare Fastify, the SQL Serene ran: ${reqs(pub.bare)}`,
      ratio(pub.serene.rps, pub.bare.rps),
      "—",
    ]);
    say(`${db}: with a session`);
    const withSession = await hammer(`${base}/api/v1/user/app-message`, auth);
    rows.push([
      `${db}: the same with a valid Bearer session`,
      reqs(withSession),
      `anonymous: ${reqs(pub.serene)}`,
      ratio(withSession.rps, pub.serene.rps),
      "≥ 0.8×",
    ]);
  }

  // ---- files (the same on any database: once) ----
  if (files && wants("files")) {
    say("upload and streaming");
    const bigBody = bodyFile(tmp, RSS_FILE_MB);
    // First, before other uploads warm the heap up; curl in its own process: the growth measured is
    // the server's alone (this process holds only the app).
    let key = "";
    const growth = await rssGrowth(async () => {
      const { stdout } = await promisify(execFile)("curl", [
        "-sf",
        "-X",
        "POST",
        "-T",
        bigBody.file,
        "-H",
        "Expect:",
        "-H",
        `content-type: ${bigBody.type}`,
        "-H",
        `authorization: ${auth.authorization}`,
        `${base}/api/v1/user/upload`,
      ]);
      key = (JSON.parse(stdout) as { data: { key: string } }).data.key;
    });
    fs.rmSync(bigBody.file);
    fs.rmSync(path.join(config.media.dir, key));
    const body = bodyFile(tmp, FILE_MB);
    const busboy = await busboyUploadServer(path.join(tmp, "busboy"));
    const bareUpload = await upload(body, busboy.base);
    await busboy.stop();
    const sereneUpload = await upload(body, `${base}/api/v1/user/upload`, auth);
    const mbs = (s: number) => `${(body.mb / s).toFixed(0)} MB/s`;
    rows.push([
      `upload ${body.mb.toFixed(0)} MB mp3 (curl, median of 3)`,
      mbs(sereneUpload),
      `busboy to disk: ${mbs(bareUpload)}`,
      ratio(bareUpload, sereneUpload),
      "≥ 0.5×",
    ]);
    fs.rmSync(body.file);
    rows.push([
      `RSS growth of the server uploading ${bigBody.mb.toFixed(0)} MB (curl)`,
      `${growth.growth.toFixed(0)} MB (peak RSS ${growth.peak.toFixed(0)} MB)`,
      "—",
      "—",
      "< 64 MB",
    ]);

    const stored = fs
      .readdirSync(path.join(config.media.dir, "audio"))
      .map((f) => `audio/${f}`)
      .find((f) => fs.statSync(path.join(config.media.dir, f)).size > FILE_MB * 1024 * 1024 * 0.9)!;
    // A paid content's audio: the route checks the signed URL's signature, as for a listener.
    await database.db.execute(sql`
      insert into resources (title, description, mood, payment_type, review_state, user_id, image_key, audio_key)
      values ('Bench', 'bench', 'happy', 'paid', 'published', ${admin.id}::uuid, 'image/AAAAAAAAAAAAAAAAAAAAAA.jpg', ${stored})`);
    const { secret } = createMedia(config, database.db, app.log);
    const signed = `/media/${stored}?${signedQuery(secret, stored, new Date(Date.now() + 3600_000))}`;
    const bareStream = await bareStreamServer(config.media.dir);
    const [node, served] = await downloadsInTurn(`${bareStream.base}/media/${stored}`, `${base}${signed}`);
    await bareStream.stop();
    const mb = fs.statSync(path.join(config.media.dir, stored)).size / 1024 / 1024;
    const speed = (d: { seconds: number }) => `${(mb / d.seconds).toFixed(0)} MB/s`;
    const withCpu = (d: { seconds: number; cpuMs: number }) =>
      `${speed(d)}, ${d.cpuMs.toFixed(0)} ms CPU per download`;
    rows.push([
      `${mb.toFixed(0)} MB mp3 through the app, signed URL (curl, median of ${DOWNLOADS}, in turn)`,
      withCpu(served),
      `bare Node http + 1 MB reads: ${withCpu(node)}`,
      ratio(node.seconds, served.seconds),
      "≥ 0.7×",
    ]);
    if (!nginxMissing()) {
      // Production: nginx in front (deploy/nginx/serene.conf). nginx checks the stream link itself
      // and sends the bytes; with the admin's session instead, the app authorises and answers
      // X-Accel-Redirect, and nginx sends the bytes. Against nginx sending the same file alone.
      const accelConfig = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        DEMO_DATA: "false",
        WEB_BUILD_DIR: "/nonexistent",
        TRUST_PROXY: "true",
        MEDIA_ACCEL_REDIRECT: "/_serene_media/",
        ...(url ? { DATABASE_URL: url } : {}),
      });
      const accelApp = await buildApp({ config: accelConfig, database, logger });
      await accelApp.listen({ port: 0, host: "127.0.0.1" });
      const nginx = await startNginx(dataDir, (accelApp.server.address() as { port: number }).port);
      const plain = path.join(config.media.dir, "bench", path.basename(stored));
      fs.mkdirSync(path.dirname(plain), { recursive: true });
      fs.linkSync(path.join(config.media.dir, stored), plain);
      // nginx ignores the session on the first two.
      const [alone, link, session] = await transfersInTurn(
        NGINX_DOWNLOADS,
        [`authorization: ${auth.authorization}`],
        [
          `${nginx.base}/media/bench/${path.basename(stored)}`,
          `${nginx.base}${signed}`,
          `${nginx.base}/media/${stored}`,
        ],
      );
      await nginx.stop();
      // Not accelApp.close(): that would close the database the bench app shares.
      await new Promise((resolve) => accelApp.server.close(resolve));
      fs.rmSync(path.dirname(plain), { recursive: true });
      const againstAlone = (measure: string, seconds: number, goal: string): Row => [
        measure,
        speed({ seconds }),
        `nginx sending the file alone: ${speed({ seconds: alone })}`,
        ratio(alone, seconds),
        goal,
      ];
      rows.push(
        againstAlone(
          `  the same behind nginx (production; one curl, kept alive, median of ${NGINX_DOWNLOADS} in turn): nginx checks the link`,
          link,
          "1.0×",
        ),
        againstAlone(
          "  the same with the admin's session: the app authorises, X-Accel-Redirect",
          session,
          "—",
        ),
      );
    }
  }

  // ---- lists ----
  if (wants("lists")) {
    say(`${db}: seeding ${USERS} users, ${RESOURCES} resources`);
    await database.db.execute(sql`
    insert into users (username, email, mood, status, time_created)
    select 'user' || g, 'user' || g || '@bench.test', (array['happy','sad','angry'])[1 + g % 3]::mood,
           case when g % 7 = 0 then 'paid' else 'free' end, now() - ((g % 730) || ' days')::interval
    from generate_series(1, ${USERS}) g`);
    await database.db.execute(sql`
    insert into resources (title, description, mood, payment_type, review_state, user_id, no_plays, time_created, image_key, audio_key)
    select 'Session ' || g || case when g % 97 = 0 then ' ocean' else '' end, 'bench', (array['happy','sad','angry'])[1 + g % 3]::mood,
           (array['paid','free'])[1 + g % 2]::payment_type, 'published', ${admin.id}::uuid, g % 1000,
           now() - (g || ' minutes')::interval, 'image/AAAAAAAAAAAAAAAAAAAAAA.jpg', 'audio/AAAAAAAAAAAAAAAAAAAAAA.mp3'
    from generate_series(1, ${RESOURCES}) g`);
    await database.db.execute(sql`vacuum analyze`);
    const n = (x: number) => x.toLocaleString("en-US");

    say(`${db}: search`);
    const searchPath = "/api/v1/app/resources?q=ocean&limit=20";
    const search = await sideBySide(searchPath, auth, 1, 3); // the search, then the listener's entitlement (2)
    rows.push([
      `${db}: search q=ocean, ${n(RESOURCES)} resources (c1)`,
      `p50 ${search.serene.p50} ms, p99 ${search.serene.p99} ms`,
      `bare Fastify, same SQL: p50 ${search.bare.p50} ms, p99 ${search.bare.p99} ms`,
      ratio(search.serene.rps, search.bare.rps),
      "p50 < 5 ms, p99 < 20 ms",
    ]);
    const searchQuery = (await captureQueries(() => get(`${base}${searchPath}`, auth))).find((q) =>
      q.text.includes("search_doc"),
    );
    const plan = await queryRows<{ "QUERY PLAN": string }>(
      database.db,
      sql.raw(
        `explain analyze ${searchQuery!.text.replace(/\$(\d+)/g, (_, i: string) => `'${String(searchQuery!.params[Number(i) - 1]).replace(/'/g, "''")}'`)}`,
      ),
    );
    say(`${db}: search plan\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);

    // The admin's session, the users page and its total (the sign-up counters less the trashed and
    // the staff); the session, the contents page and its total: the same SQL on both sides.
    for (const [name, pathname] of [
      [`admin users list, 20 rows, ${n(USERS)} users`, "/api/v1/user/users?limit=20"],
      [`contents first page, ${n(RESOURCES)} resources`, "/api/v1/user/resources?limit=20"],
    ] as const) {
      say(`${db}: ${name}`);
      const list = await sideBySide(pathname, auth, undefined, "all");
      rows.push([
        `${db}: ${name} (c${CONNECTIONS})`,
        reqs(list.serene),
        `bare Fastify, same SQL: ${reqs(list.bare)}`,
        ratio(list.serene.rps, list.bare.rps),
        "≥ 0.8×, p99 ≤ 10 ms",
      ]);
    }
  }
  await app.close();
  if (!wants("start")) return;

  // ---- start to healthy: the built server, on a fresh PGlite folder or the filled PostgreSQL ----
  say(`${db}: start to healthy`);
  const dist = path.join(apiRoot(), "dist/server.js");
  // Built each run (under a second), so the figure is never a stale build's.
  await promisify(execFile)("node", ["build.mjs"], { cwd: apiRoot() });
  const startEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(tmp, `${label}-start`),
    DEMO_DATA: "false",
    LOG_LEVEL: "silent",
    ...(url ? { DATABASE_URL: url } : {}),
  };
  const health = `${base}/api/health`;
  const first = await startToHealthy([dist], startEnv, health);
  const again = await startToHealthy([dist], startEnv, health);
  rows.push([
    `${db}: start to healthy (built server)`,
    `${again.toFixed(2)} s (first start, with migrations: ${first.toFixed(2)} s)`,
    "—",
    "—",
    url ? "≤ 2 s" : "≤ 5 s",
  ]);
}

if (SECTIONS.some((s) => s !== "nginx" && wants(s))) {
  await benchDatabase("PGlite", undefined, true);
  if (PG_URL) await benchDatabase("PostgreSQL", await freshPostgres(PG_URL, PG_NAME), false);
}
if (wants("nginx")) {
  say("nginx in front of one and two instances");
  rows.push(...(await nginxScaleRows(PG_URL)));
}
fs.rmSync(tmp, { recursive: true, force: true });

const header: Row = ["Measure", "Serene", "Comparator (same run)", "Ratio", "Goal"];
const table = [header, ...rows].map((r) => `| ${r.join(" | ")} |`);
table.splice(1, 0, `|${header.map(() => "---").join("|")}|`);
console.log(
  `\nSerene side by side (Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ` +
    `${(os.totalmem() / 1024 ** 3).toFixed(0)} GB; autocannon c${CONNECTIONS} ${SECONDS} s)\n\n${table.join("\n")}`,
);

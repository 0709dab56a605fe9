/**
 * `npm run bench`: figures for the catalogue, on this machine.
 * - upload: one large MP3 through POST /upload (multipart stream, type check, frame walk, store);
 * - streaming: the same file read back through the app, and through nginx when it is installed;
 * - lists: GET /resources (page, search, filters, deep page) with 10,000 resources.
 * Runs on embedded PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/open.ts";
import { interests } from "../src/db/schema/index.ts";
import { NGINX, startNginx } from "../src/test-support/nginx.ts";
import { buildUser, login } from "../src/test-support/factories.ts";
import { fixture, multipartFile } from "../src/test-support/multipart.ts";

const run = promisify(execFile);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 100);
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 10_000);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-bench-"));
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
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const admin = await buildUser(database.db, { role: "admin" });
const token = await login(app, admin.email);
const auth = { authorization: `Bearer ${token}` };
const rows: [string, string][] = [];

// ---- upload and streaming ----
const tone = fixture("tone.mp3");
const big = Buffer.concat(
  Array.from({ length: Math.ceil((FILE_MB * 1024 * 1024) / tone.length) }, () => tone),
);
const mb = big.length / 1024 / 1024;
const uploads: number[] = [];
let url = "";
for (let i = 0; i < 3; i++) {
  const { payload, headers } = multipartFile(big, "big.mp3", "audio/mpeg");
  const [res, ms] = await timed(() =>
    fetch(`${base}/api/v1/user/upload`, { method: "POST", body: payload, headers: { ...headers, ...auth } }),
  );
  if (res.status !== 200) throw new Error(`upload failed: ${await res.text()}`);
  url = ((await res.json()) as { data: { secure_url: string } }).data.secure_url;
  uploads.push(ms);
}
rows.push([
  `upload ${mb.toFixed(0)} MB mp3 (median of 3)`,
  `${(mb / (median(uploads) / 1000)).toFixed(0)} MB/s (${median(uploads).toFixed(0)} ms)`,
]);

/** Reads the file with curl (a client that is not the bottleneck), 5 times. */
async function readAll(target: string) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const { stdout } = await run("curl", ["-s", "-o", "/dev/null", "-w", "%{time_total}", target]);
    times.push(Number(stdout) * 1000);
  }
  return `${(mb / (median(times) / 1000)).toFixed(0)} MB/s (${median(times).toFixed(0)} ms)`;
}
rows.push(["stream it back through the app (curl, median of 5)", await readAll(url)]);
if (fs.existsSync(NGINX)) {
  const nginx = await startNginx(config.media.dir, (app.server.address() as { port: number }).port);
  rows.push([
    "stream it back through nginx (curl, median of 5)",
    await readAll(url.replace(base, nginx.base)),
  ]);
  await nginx.stop();
} else {
  rows.push(["stream it back through nginx", "nginx not installed"]);
}

// ---- lists with many resources ----
const [interest] = await database.db.insert(interests).values({ name: "Bench", position: 1 }).returning();
await database.db.execute(sql`
  insert into resources (title, description, mood, payment_type, review_state, interest_id, user_id, no_plays, time_created, image_key, audio_key)
  select 'Session ' || g || case when g % 97 = 0 then ' ocean' else '' end, 'bench', (array['happy','sad','angry'])[1 + g % 3]::mood,
         (array['paid','free'])[1 + g % 2]::payment_type, 'published', case when g % 4 = 0 then ${interest!.id}::uuid end,
         ${admin.id}::uuid, g % 1000, now() - (g || ' minutes')::interval, 'image/AAAAAAAAAAAAAAAAAAAAAA.jpg', 'audio/AAAAAAAAAAAAAAAAAAAAAA.mp3'
  from generate_series(1, ${RESOURCES}) g`);
await database.db.execute(sql`analyze resources`);

async function list(query: string) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const [res, ms] = await timed(() =>
      app.inject({ method: "GET", url: `/api/v1/user/resources?${query}`, headers: auth }),
    );
    if (res.statusCode !== 200) throw new Error(res.body);
    total = res.json().data.meta.total;
    times.push(ms);
  }
  return `${median(times).toFixed(1)} ms median, ${Math.max(...times).toFixed(1)} ms max (${total} matches)`;
}
const n = RESOURCES.toLocaleString("en-US");
rows.push([`GET /resources first page of 50, ${n} resources`, await list("limit=50")]);
rows.push([`  search q=ocean`, await list("q=ocean&limit=50")]);
rows.push([`  mood=sad&paymentType=paid`, await list("mood=sad&paymentType=paid&limit=50")]);
rows.push([`  interest filter`, await list(`interest=${interest!.id}&limit=50`)]);
rows.push([`  page 100 (deep offset)`, await list("page=100&limit=50")]);
rows.push([`  sort=plays`, await list("sort=plays&limit=50")]);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
const width = Math.max(...rows.map(([k]) => k.length));
console.log(
  `\nSerene catalogue bench (${database.kind}, Node ${process.version}, ${os.cpus().length} cores)\n`,
);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);

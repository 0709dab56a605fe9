/**
 * What nginx costs, and what a second instance brings: the real server as its own processes on one
 * PostgreSQL database and one DATA_DIR (as src/scale-out.test.ts runs them), behind Debian's nginx
 * with deploy/nginx/serene.conf. One content list page hammered directly, through nginx to one
 * instance, and through nginx to two.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { nginxMissing, startNginx } from "../src/test-support/nginx.ts";
import {
  freshPostgresDatabase,
  port,
  type Running,
  startServer,
  waitForStart,
} from "../src/test-support/server-process.ts";
import { CONNECTIONS, hammer, type Load } from "./load.ts";

const CONTENTS = 300;
const ADMIN = { email: "bench@serene.test", password: "nginx-scale-bench-password" };
const LIST = "/api/v1/user/resources?limit=20";

type Row = [measure: string, serene: string, comparator: string, ratio: string, goal: string];

/** The rows of this section; a single row saying why when it cannot run here. */
export async function nginxScaleRows(serverUrl: string | undefined): Promise<Row[]> {
  const measure = `contents first page, ${CONTENTS} resources (c${CONNECTIONS}), separate processes`;
  const missing = !serverUrl
    ? "BENCH_DATABASE_URL is not set (two instances need PostgreSQL)"
    : nginxMissing();
  if (missing) return [[`nginx: ${measure}`, `skipped: ${missing}`, "—", "—", "nginx costs ≤ 10%"]];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-bench-scale-"));
  const databaseUrl = await freshPostgresDatabase(serverUrl!);
  const instances: Running[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    instances.push(startServer(env), startServer(env));
    await Promise.all(instances.map((i) => waitForStart(i)));
    const ports = instances.map(port);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `insert into resources (title, description, mood, payment_type, review_state, user_id, no_plays, time_created, image_key, audio_key)
       select 'Session ' || g, 'bench', (array['happy','sad','angry'])[1 + g % 3]::mood,
              (array['paid','free'])[1 + g % 2]::payment_type, 'published',
              (select id from users where email = $1), g % 1000, now() - (g || ' minutes')::interval,
              'image/AAAAAAAAAAAAAAAAAAAAAA.jpg', 'audio/AAAAAAAAAAAAAAAAAAAAAA.mp3'
       from generate_series(1, ${CONTENTS}) g`,
      [ADMIN.email],
    );
    await db.query("vacuum analyze");
    await db.end();

    const direct = `http://127.0.0.1:${ports[0]}`;
    const res = await fetch(`${direct}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    const { token } = ((await res.json()) as { data: { token: string } }).data;
    const auth = { authorization: `Bearer ${token}` };

    const through = async (upstreams: number[]) => {
      nginx = await startNginx(dataDir, upstreams);
      try {
        return await hammer(`${nginx.base}${LIST}`, auth);
      } finally {
        await nginx.stop();
        nginx = undefined;
      }
    };
    const alone = await hammer(`${direct}${LIST}`, auth);
    const one = await through(ports.slice(0, 1));
    const two = await through(ports);

    const reqs = (l: Load) => `${l.rps.toFixed(0)} req/s, p99 ${l.p99} ms`;
    const ratio = (l: Load) => `${(l.rps / alone.rps).toFixed(2)}×`;
    return [
      [`PostgreSQL: ${measure}, Serene direct (1 instance)`, reqs(alone), "—", "—", "—"],
      [
        "  through nginx (1 instance)",
        reqs(one),
        `direct: ${reqs(alone)}`,
        ratio(one),
        "≥ 0.9× (nginx costs ≤ 10%)",
      ],
      [
        "  through nginx (2 instances)",
        reqs(two),
        `direct, 1 instance: ${reqs(alone)}`,
        ratio(two),
        "≥ 0.9×",
      ],
    ];
  } finally {
    await nginx?.stop();
    for (const i of instances) i.child.kill("SIGTERM");
    await Promise.all(instances.map((i) => i.exited));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

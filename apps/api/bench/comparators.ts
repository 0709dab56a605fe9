/**
 * What a user would pick instead of Serene, run in the same process as Serene's figure:
 * a bare Node file server, a bare busboy upload server, a bare Fastify answering one SQL query and
 * the minimal Fastify app of issue 25 (logger off, one route, one row).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import Fastify from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";

export interface Running {
  base: string;
  stop(): Promise<void>;
}

async function listen(server: http.Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Bare Node `http`: GET /media/<key> piped from `fs.createReadStream` with 1 MB reads. */
export function bareStreamServer(dir: string): Promise<Running> {
  return listen(
    http.createServer((req, res) => {
      const file = path.join(dir, decodeURIComponent(req.url!.replace(/^\/media\//, "")));
      fs.stat(file, (err, stat) => {
        if (err) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { "content-length": stat.size, "content-type": "audio/mpeg" });
        fs.createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(res);
      });
    }),
  );
}

/** Bare Node `http` + busboy: POST streams the multipart file to disk, answers its size. */
export function busboyUploadServer(dir: string): Promise<Running> {
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  return listen(
    http.createServer((req, res) => {
      const parser = busboy({ headers: req.headers });
      let done: Promise<number> = Promise.resolve(0);
      parser.on("file", (_name, file) => {
        const target = path.join(dir, `upload-${n++}`);
        done = pipeline(file, fs.createWriteStream(target)).then(() => fs.statSync(target).size);
      });
      parser.on("close", () => {
        void done.then((bytes) => res.end(JSON.stringify({ bytes })));
      });
      req.pipe(parser);
    }),
  );
}

/**
 * Bare Fastify: GET / runs SQL texts with their parameters on `db` (several at once, as a list runs
 * its page and its count) and answers the rows as JSON.
 */
export async function bareFastify(db: Db, queries: { text: string; params: unknown[] }[]): Promise<Running> {
  const app = Fastify();
  // Rebuilt as drizzle SQL with the same placeholders, so both drivers run the same statements.
  const statements = queries.map((query) => {
    const chunks = query.text.split(/\$\d+/);
    return sql.join(
      chunks.map((chunk, i) =>
        i < query.params.length ? sql`${sql.raw(chunk)}${query.params[i]}` : sql.raw(chunk),
      ),
    );
  });
  app.get("/", async () => {
    const results = (await Promise.all(statements.map((s) => db.execute(s)))) as unknown as {
      rows: unknown[];
    }[];
    return { data: results.map((r) => r.rows) };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    stop: () => app.close(),
  };
}

/**
 * The least a user of plain Fastify would write (issue 25's comparator): logger off, no plugins,
 * one route answering `{ status, message, data }` from `select * from m limit 1` on the same
 * database (a one-row table `m` it creates beside Serene's).
 */
export async function minimalFastify(db: Db): Promise<Running> {
  await db.execute(
    sql`create table if not exists m (id serial primary key, message text, updated_at timestamptz)`,
  );
  await db.execute(
    sql`insert into m (message, updated_at) select 'Welcome', now() where not exists (select 1 from m)`,
  );
  const app = Fastify({ logger: false });
  app.get("/", async () => {
    const { rows } = (await db.execute(sql`select * from m limit 1`)) as unknown as { rows: unknown[] };
    return { status: true, message: "App message", data: rows[0] ?? null };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    stop: () => app.close(),
  };
}

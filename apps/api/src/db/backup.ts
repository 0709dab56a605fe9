import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Config } from "../config/env.ts";
import { lockDataDir } from "../lib/data-dir-lock.ts";
import { pgliteExtensions } from "./client.ts";
import { iso } from "../lib/iso.ts";

const run = promisify(execFile);

/** What a backup folder holds; written last, so a folder without it is an unfinished backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: "pglite" | "postgres";
  /** media/ holds DATA_DIR/media; false with object storage (back the bucket up on its side). */
  media: boolean;
}

const MANIFEST = "manifest.json";
const PGLITE_DUMP = "pglite.tar.gz";
const POSTGRES_DUMP = "database.pgdump";

export class BackupError extends Error {}

/** pg_dump / pg_restore arguments for a URL, the password passed in the environment, not the command line. */
function pgConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The key that signs stream URLs when MEDIA_SIGNING_SECRET is unset: kept so restored URLs stay valid. */
const SIGNING_KEY = "media-signing.key";

function copySigningKey(fromDir: string, toDir: string) {
  const from = path.join(fromDir, SIGNING_KEY);
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(toDir, { recursive: true });
  fs.copyFileSync(from, path.join(toDir, SIGNING_KEY));
  fs.chmodSync(path.join(toDir, SIGNING_KEY), 0o600);
}

/** Copies the media files (never the temporary ".tmp" uploads or other dot-files). */
function copyMedia(from: string, to: string) {
  if (!fs.existsSync(from)) return;
  fs.cpSync(from, to, {
    recursive: true,
    errorOnExist: false,
    force: false,
    filter: (source) => !path.basename(source).startsWith(".") || source === from,
  });
}

/**
 * Backs the configured database and the media up into `outDir` (created; must not exist yet).
 * PostgreSQL: `pg_dump` custom format, while the servers run. PGlite: its data folder dump,
 * which needs the server stopped (the data-folder lock says so).
 */
export async function backup(config: Config, outDir: string): Promise<BackupManifest> {
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0)
    throw new BackupError(`The backup folder ${outDir} is not empty: give a new folder.`);
  fs.mkdirSync(outDir, { recursive: true });
  const kind = config.databaseUrl ? "postgres" : "pglite";
  if (config.databaseUrl) {
    const { dbname, env } = pgConnection(config.databaseUrl);
    await run(
      "pg_dump",
      ["--format=custom", "--file", path.join(outDir, POSTGRES_DUMP), "--dbname", dbname],
      {
        env,
      },
    );
  } else {
    const lock = lockDataDir(config.dataDir);
    try {
      const client = await PGlite.create(path.join(config.dataDir, "pglite"), {
        extensions: await pgliteExtensions(),
      });
      try {
        const dump = await client.dumpDataDir("gzip");
        fs.writeFileSync(path.join(outDir, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    } finally {
      lock.release();
    }
  }
  const media = !config.media.s3;
  if (media) copyMedia(config.media.dir, path.join(outDir, "media"));
  copySigningKey(config.dataDir, outDir);
  const manifest: BackupManifest = { format: 1, createdAt: iso(new Date()), database: kind, media };
  fs.writeFileSync(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup made by `backup` into the configured database, which must be empty (a new
 * DATA_DIR, or a new PostgreSQL database), and the media folder. The server must not be running.
 */
export async function restore(config: Config, fromDir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(fromDir, MANIFEST), "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`${fromDir} is not a finished Serene backup (no ${MANIFEST}).`);
  }
  const kind = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.database !== kind)
    throw new BackupError(
      `This backup is of a ${manifest.database} database; the configuration names a ${kind} one.`,
    );
  const lock = lockDataDir(config.dataDir);
  try {
    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
        );
        if (rows[0].n > 0)
          throw new BackupError("The database is not empty: restore into a new, empty database.");
      } finally {
        await client.end();
      }
      const { dbname, env } = pgConnection(config.databaseUrl);
      await run(
        "pg_restore",
        [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          "--dbname",
          dbname,
          path.join(fromDir, POSTGRES_DUMP),
        ],
        { env },
      );
    } else {
      const dir = path.join(config.dataDir, "pglite");
      if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
        throw new BackupError(`${dir} is not empty: restore into an empty data folder.`);
      const dump = new Blob([fs.readFileSync(path.join(fromDir, PGLITE_DUMP))]);
      const client = await PGlite.create(dir, { extensions: await pgliteExtensions(), loadDataDir: dump });
      await client.close();
    }
    if (manifest.media) copyMedia(path.join(fromDir, "media"), config.media.dir);
    copySigningKey(fromDir, config.dataDir);
  } finally {
    lock.release();
  }
  return manifest;
}

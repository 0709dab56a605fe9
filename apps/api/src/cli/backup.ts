import path from "node:path";
import { ConfigError, loadConfig } from "../config/env.ts";
import { backup, BackupError } from "../db/backup.ts";
import { DataDirLockedError } from "../lib/data-dir-lock.ts";

/**
 * `npm run backup [-- <folder>]`: the configured database (pg_dump, or PGlite's data folder dump
 * with the server stopped) and the media, into a new folder (default: backups/serene-<time>).
 */
try {
  const config = loadConfig();
  const base = process.env.INIT_CWD ?? process.cwd();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = path.resolve(base, process.argv[2] ?? path.join("backups", `serene-${stamp}`));
  const manifest = await backup(config, out);
  console.log(
    `Backup of the ${manifest.database} database${manifest.media ? " and the media" : ""} written to ${out}`,
  );
  if (!manifest.media) console.log("Media are in object storage: back the bucket up on its side.");
} catch (err) {
  const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof BackupError;
  console.error(known ? (err as Error).message : err);
  process.exit(1);
}

import path from "node:path";
import { fromCallerDir, loadConfig } from "../config/env.ts";
import { backup } from "../db/backup.ts";
import { runBackupCommand } from "./run-backup-command.ts";
import { iso } from "../lib/iso.ts";

/**
 * `npm run backup [-- <folder>]`: the configured database (pg_dump, or PGlite's data folder dump
 * with the server stopped) and the media, into a new folder (default: backups/serene-<time>).
 */
await runBackupCommand(async () => {
  const config = loadConfig();
  const stamp = iso(new Date()).replace(/[:.]/g, "-");
  const out = fromCallerDir(process.argv[2] ?? path.join("backups", `serene-${stamp}`));
  const manifest = await backup(config, out);
  console.log(
    `Backup of the ${manifest.database} database${manifest.media ? " and the media" : ""} written to ${out}`,
  );
  if (!manifest.media) console.log("Media are in object storage: back the bucket up on its side.");
});

import path from "node:path";
import { ConfigError, loadConfig } from "../config/env.ts";
import { BackupError, restore } from "../db/backup.ts";
import { DataDirLockedError } from "../lib/data-dir-lock.ts";

/** `npm run restore -- <folder>`: a backup into the configured, empty database and the media folder. */
try {
  const from = process.argv[2];
  if (!from) throw new BackupError("Usage: npm run restore -- <backup folder>");
  const config = loadConfig();
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), from);
  const manifest = await restore(config, dir);
  console.log(
    `Restored the ${manifest.database} database${manifest.media ? " and the media" : ""} from ${dir}`,
  );
} catch (err) {
  const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof BackupError;
  console.error(known ? (err as Error).message : err);
  process.exit(1);
}

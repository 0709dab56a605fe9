import { fromCallerDir, loadConfig } from "../config/env.ts";
import { BackupError, restore } from "../db/backup.ts";
import { runBackupCommand } from "./run-backup-command.ts";

/** `npm run restore -- <folder>`: a backup into the configured, empty database and the media folder. */
await runBackupCommand(async () => {
  const from = process.argv[2];
  if (!from) throw new BackupError("Usage: npm run restore -- <backup folder>");
  const config = loadConfig();
  const dir = fromCallerDir(from);
  const manifest = await restore(config, dir);
  console.log(
    `Restored the ${manifest.database} database${manifest.media ? " and the media" : ""} from ${dir}`,
  );
});

import { ConfigError } from "../config/env.ts";
import { BackupError } from "../db/backup.ts";
import { DataDirLockedError } from "../lib/data-dir-lock.ts";

/** Runs a backup/restore command: a known failure prints its message alone, anything else in full; exit 1. */
export async function runBackupCommand(command: () => Promise<void>): Promise<void> {
  try {
    await command();
  } catch (err) {
    const known =
      err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof BackupError;
    console.error(known ? (err as Error).message : err);
    process.exit(1);
  }
}

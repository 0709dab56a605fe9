import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { iso } from "./iso.ts";

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = "serene.lock";

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on the data folder (PGlite has none: two processes on one
 * folder would silently lose writes). A lock left by a process that no longer runs on
 * this host is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: iso(new Date()) });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: "wx" });
      return {
        release() {
          try {
            if (fs.readFileSync(file, "utf8") === mine) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let holder: { pid?: number; host?: string; since?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch {
        // Unreadable lock file: treat as stale.
      }
      const sameHost = holder.host === os.hostname();
      if (holder.pid && (!sameHost || processAlive(holder.pid))) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Serene process (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
            "Stop that process first, or start this one with another DATA_DIR (or a DATABASE_URL).",
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
}

/** The key that signs media URLs: configured, or made once and kept in DATA_DIR. */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config/env.ts";

/** The key in `file`, or undefined when there is none yet. */
function readKey(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * MEDIA_SIGNING_SECRET, or a random key made once and kept in DATA_DIR (survives restarts).
 * Instances starting together on one DATA_DIR agree on one key: each writes its key aside and
 * links it into place, which only the first link does; every instance then reads that one. No
 * instance reads a half-written file, and none fails because another was first.
 */
export function signingSecret(config: Pick<Config, "dataDir" | "media">): string {
  if (config.media.signingSecret) return config.media.signingSecret;
  const file = path.join(config.dataDir, "media-signing.key");
  const kept = readKey(file);
  if (kept) return kept;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const draft = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const agreed = readKey(file);
  if (!agreed) throw new Error(`${file} is empty`);
  return agreed;
}

import { eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import type { Db } from "../../db/client.ts";
import { mediaFiles } from "../../db/schema/index.ts";
import type { AudioFacts } from "./audio-analysis.ts";

/** Every column that holds a media key: a file is in use while one of them points to it. */
const MEDIA_KEY_COLUMNS = [
  ["users", "image_key"],
  ["interests", "icon_key"],
  ["resources", "image_key"],
  ["resources", "audio_key"],
  ["host_requests", "image_key"],
  ["app_messages", "image_key"],
  ["series", "image_key"],
] as const;

/** Every media key some row points to. */
export async function referencedMediaKeys(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql.join(
      MEDIA_KEY_COLUMNS.map(
        ([table, column]) =>
          sql`select ${sql.identifier(column)} as key from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`,
      ),
      sql` union `,
    ),
  );
  return new Set(rows.map((r) => r.key));
}

/** Whether some row points to this media key. */
export async function mediaKeyInUse(db: Db, key: string): Promise<boolean> {
  const rows = await queryRows<{ used: boolean }>(
    db,
    sql`select exists (${sql.join(
      MEDIA_KEY_COLUMNS.map(
        ([table, column]) =>
          sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${key}`,
      ),
      sql` union all `,
    )}) as used`,
  );
  return rows[0]!.used;
}

const factColumns = (facts: AudioFacts) => ({
  measuredAt: new Date(),
  durationSeconds: facts.duration,
  loudnessLufs: facts.loudness?.lufs ?? null,
  truePeak: facts.loudness?.peak ?? null,
});

/**
 * Records a stored file, who uploaded it (null: no account, e.g. the demo catalogue) and, for
 * audio, what was measured of it.
 */
export async function insertMediaFile(
  db: Db,
  {
    facts,
    ...values
  }: { key: string; kind: "image" | "audio"; uploadedBy: string | null; facts: AudioFacts | null },
) {
  await db.insert(mediaFiles).values({ ...values, ...(facts && factColumns(facts)) });
}

/**
 * Keeps what was measured of an audio file (a file stored before rows were kept gets its row);
 * null: the file could not be read (missing, or not decodable).
 */
export async function saveAudioFacts(db: Db, key: string, facts: AudioFacts | null) {
  const values = facts ? factColumns(facts) : { measuredAt: new Date() };
  await db
    .insert(mediaFiles)
    .values({ key, kind: "audio", ...values })
    .onConflictDoUpdate({ target: mediaFiles.key, set: values });
}

/** What was measured of an audio file; null when it has not been measured yet. */
export async function measuredAudio(db: Db, key: string): Promise<AudioFacts | null> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.key, key));
  if (!row?.measuredAt || row.durationSeconds === null) return null;
  return {
    duration: row.durationSeconds,
    loudness:
      row.loudnessLufs === null || row.truePeak === null
        ? null
        : { lufs: row.loudnessLufs, peak: row.truePeak },
  };
}

/** Who uploaded a stored file; null when unknown or when the file has no row (stored before rows were kept). */
export async function mediaUploader(db: Db, key: string): Promise<string | null> {
  const [row] = await db
    .select({ uploadedBy: mediaFiles.uploadedBy })
    .from(mediaFiles)
    .where(eq(mediaFiles.key, key));
  return row?.uploadedBy ?? null;
}

export async function deleteMediaFiles(db: Db, keys: string[]) {
  if (keys.length) await db.delete(mediaFiles).where(inArray(mediaFiles.key, keys));
}

/**
 * The uploaders of the paid or trashed contents using an audio file (played only with a stream
 * link, which a trashed content never gets, or by staff and its uploader); null when none uses it.
 */
export async function paidAudioUploaders(db: Db, key: string): Promise<(string | null)[] | null> {
  const rows = await queryRows<{ user_id: string | null }>(
    db,
    sql`select user_id from resources where audio_key = ${key} and (payment_type = 'paid' or deleted_at is not null)`,
  );
  return rows.length ? rows.map((r) => r.user_id) : null;
}

import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import type { Db } from "../../db/client.ts";

/** Every media key some row points to. */
export async function referencedMediaKeys(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select image_key as key from users where image_key is not null
        union select icon_key from interests where icon_key is not null
        union select image_key from resources where image_key is not null
        union select audio_key from resources where audio_key is not null
        union select image_key from host_requests where image_key is not null
        union select image_key from app_messages where image_key is not null`,
  );
  return new Set(rows.map((r) => r.key));
}

/** The uploaders of the paid contents using an audio file; null when no paid content uses it. */
export async function paidAudioUploaders(db: Db, key: string): Promise<(string | null)[] | null> {
  const rows = await queryRows<{ user_id: string | null }>(
    db,
    sql`select user_id from resources where audio_key = ${key} and payment_type = 'paid'`,
  );
  return rows.length ? rows.map((r) => r.user_id) : null;
}

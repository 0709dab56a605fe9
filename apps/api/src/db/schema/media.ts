import { index, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Every uploaded file, with who uploaded it: a write may attach only a file its caller uploaded
 * (or one its row already has; admins any). Files stored before this table have a row only when
 * a row used them (backfilled, uploader unknown); a row goes with its file.
 */
export const mediaFiles = pgTable(
  "media_files",
  {
    key: text("key").primaryKey(),
    /** Null: uploaded before uploaders were recorded, or by an account since deleted. */
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** "image" or "audio". */
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Audio: when its facts below were measured from the file; null: not yet (the jobs measure it). */
    measuredAt: timestamp("measured_at", { withTimezone: true }),
    /** Audio: seconds, counted from its frames. */
    durationSeconds: real("duration_seconds"),
    /** Audio: integrated loudness (ITU BS.1770, LUFS) and true peak (dBTP); null for silence. */
    loudnessLufs: real("loudness_lufs"),
    truePeak: real("true_peak"),
  },
  (t) => [index("media_files_uploaded_by_idx").on(t.uploadedBy)],
);

import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("media_files_uploaded_by_idx").on(t.uploadedBy)],
);

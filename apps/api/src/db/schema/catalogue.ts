import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { mood, paymentType, reviewState } from "./enums.ts";
import { users } from "./users.ts";

export const interests = pgTable(
  "interests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    iconKey: text("icon_key"),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("interests_name_lower_uq").on(sql`lower(${t.name})`),
    index("interests_position_idx").on(t.position),
  ],
);

export const resources = pgTable(
  "resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    imageKey: text("image_key"),
    audioKey: text("audio_key"),
    /** The audio's length as "m:ss" (or "h:mm:ss"), measured from the file, e.g. "12:30". */
    duration: text("duration").notNull().default(""),
    /** Measured from the audio file (media_files), whole seconds; never null once measured. */
    durationSeconds: integer("duration_seconds"),
    /** The audio's integrated loudness (LUFS) and true peak (dBTP), copied from its measurement. */
    loudnessLufs: real("loudness_lufs"),
    truePeak: real("true_peak"),
    /** A text alternative to the audio: "vtt" (WebVTT, timed) or "text"; null: none. */
    transcriptFormat: text("transcript_format").$type<"vtt" | "text">(),
    transcriptText: text("transcript_text"),
    /** The transcript as search reads it (like `searchDoc`); a match here ranks below one there. */
    transcriptDoc: text("transcript_doc").generatedAlwaysAs(
      sql`serene_search_doc(coalesce(transcript_text, ''), '', null)`,
    ),
    mood: mood("mood").notNull(),
    interestId: uuid("interest_id").references(() => interests.id, { onDelete: "set null" }),
    /** The uploader; null once that user is deleted (the content stays). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    paymentType: paymentType("payment_type").notNull().default("free"),
    reviewState: reviewState("review_state").notNull().default("pending"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    noPlays: integer("no_plays").notNull().default(0),
    timeCreated: timestamp("time_created", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the app's search reads: title, description and interest name, without accents, in lower
     * case (`serene_search_doc`). Kept by triggers on resources and interests (migration 0008).
     */
    searchDoc: text("search_doc").notNull().default(""),
    /** In the trash since then (hidden everywhere, restorable until the purge); null: not trashed. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The admin who moved the content to the trash. */
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("resources_time_created_idx").on(t.timeCreated.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("resources_plays_idx").on(t.noPlays.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("resources_interest_idx").on(t.interestId),
    index("resources_user_idx").on(t.userId),
    index("resources_mood_idx").on(t.mood),
    index("resources_review_idx").on(t.reviewState),
    index("resources_transcript_doc_trgm_idx").using("gin", sql`${t.transcriptDoc} gin_trgm_ops`),
    index("resources_title_trgm_idx").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
    index("resources_title_idx").on(t.title, t.id),
    index("resources_search_doc_trgm_idx").using("gin", sql`${t.searchDoc} gin_trgm_ops`),
    /** The trash: its list, the counts' correction and the purge read only trashed rows. */
    index("resources_trashed_idx")
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * A counted play: a listening session that reached 60 s (or the whole of a shorter file), at
 * most one per listener and content in 24 hours. `resources.no_plays` counts these rows.
 */
export const plays = pgTable(
  "plays",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The session that made it count (a uuid of listening_sessions; null for older plays). */
    sessionId: uuid("session_id"),
    playedAt: timestamp("played_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("plays_resource_idx").on(t.resourceId),
    index("plays_user_idx").on(t.userId, t.playedAt),
    index("plays_user_resource_idx").on(t.userId, t.resourceId, t.playedAt),
  ],
);

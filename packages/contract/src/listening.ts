import { z } from "./zod.ts";
import { appResourceSchema, listeningFiguresSchema } from "./app.ts";
import { deviceSchema } from "./app-management.ts";
import { text } from "./common.ts";
import { envelope } from "./envelope.ts";
import { sessionSummarySchema } from "./habit.ts";
import { MAX_REPORT_SECONDS, MAX_SYNC_SESSIONS } from "./listener.ts";
import { countMetaSchema, cursorMetaSchema, listEnvelope } from "./pagination.ts";
import { moodSchema } from "./users.ts";

// The app API, part 2 (docs/app-api.md, shared/APP-API.md): listening, library, stats, inbox, app config.

const seconds = (max: number) =>
  z
    .number({ error: "must be a number of seconds" })
    .min(0, { error: "must be 0 or more" })
    .max(max, {
      error: `must be at most ${max}`,
    });
/** A position in a file: up to a day. */
const positionSchema = seconds(86_400);
const seqSchema = z.number({ error: "must be a whole number" }).int().min(1).max(2_147_483_647);

/** Sessions with a mood before and after: happy ranks above sad and angry, which rank the same. */
export const moodLiftSchema = z.object({
  sessions: z.number().int(),
  improved: z.number().int(),
  same: z.number().int(),
  worse: z.number().int(),
});
export type MoodLift = z.infer<typeof moodLiftSchema>;

// ---- Sessions ----

export { MAX_REPORT_SECONDS, MAX_SYNC_SESSIONS };

export const startSessionBodySchema = z
  .object({ position: positionSchema.optional(), moodBefore: moodSchema.optional() })
  .default({});
export type StartSessionBody = z.output<typeof startSessionBodySchema>;
export const startSessionResponseSchema = envelope(
  z.object({
    sessionId: z.string(),
    stream: z.object({ url: z.string(), expiresAt: z.string() }),
    /** Where to resume: the position sent, else the saved progress, else 0. */
    startPosition: z.number(),
    durationSeconds: z.number().int().nullable(),
  }),
);

export const progressBodySchema = z.object({
  position: positionSchema,
  listenedSeconds: seconds(MAX_REPORT_SECONDS),
  seq: seqSchema,
});
export type ProgressBody = z.output<typeof progressBodySchema>;
export const progressResponseSchema = envelope(z.object({ counted: z.boolean() }));

/**
 * `moodBefore` here is for a player that starts the audio at once and asks the mood beside it:
 * taken only when the session has none yet (one given at the start wins).
 */
export const endSessionBodySchema = progressBodySchema.extend({
  moodBefore: moodSchema.optional(),
  moodAfter: moodSchema.optional(),
});
export type EndSessionBody = z.output<typeof endSessionBodySchema>;
export const endSessionResponseSchema = envelope(
  z.object({ counted: z.boolean(), finished: z.boolean(), summary: sessionSummarySchema }),
);

// ---- Offline sync ----

export const syncRefusals = [
  "unknown_resource",
  "not_entitled",
  "too_long",
  "outside_account_lifetime",
] as const;
export type SyncRefusal = (typeof syncRefusals)[number];
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const instant = text()
  .regex(ISO_INSTANT, { error: "must be an ISO 8601 date and time" })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: "must be an ISO 8601 date and time" });

export const syncSessionSchema = z
  .object({
    clientId: z.uuid({ error: "must be a UUID" }),
    resourceId: z.uuid({ error: "must be a valid id" }),
    startedAt: instant,
    endedAt: instant,
    position: positionSchema,
    listenedSeconds: seconds(86_400),
    moodBefore: moodSchema.optional(),
    moodAfter: moodSchema.optional(),
  })
  .refine((s) => Date.parse(s.endedAt) >= Date.parse(s.startedAt), {
    error: "must not be before startedAt",
    path: ["endedAt"],
  });
export type SyncSession = z.output<typeof syncSessionSchema>;
export const syncBodySchema = z.object({
  sessions: z
    .array(syncSessionSchema)
    .min(1, { error: "send at least one session" })
    .max(MAX_SYNC_SESSIONS, { error: `at most ${MAX_SYNC_SESSIONS} sessions per call` }),
});
export const syncVerdictSchema = z.object({
  clientId: z.string(),
  accepted: z.boolean(),
  reason: z.enum(syncRefusals).optional(),
});
export type SyncVerdict = z.infer<typeof syncVerdictSchema>;
export const syncResponseSchema = listEnvelope(syncVerdictSchema, z.object({}));

// ---- The listener's library ----

export const resourceIdParamsSchema = z.object({ resourceId: z.uuid({ error: "must be a valid id" }) });

export const continueItemSchema = z.object({
  resource: appResourceSchema,
  position: z.number(),
  durationSeconds: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type ContinueItem = z.infer<typeof continueItemSchema>;
export const continueListResponseSchema = listEnvelope(continueItemSchema, cursorMetaSchema);

export const historyItemSchema = z.object({
  resource: appResourceSchema,
  listenedSeconds: z.number().int(),
  startedAt: z.string(),
  finished: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historyListResponseSchema = listEnvelope(historyItemSchema, cursorMetaSchema);

export const favouriteListResponseSchema = listEnvelope(appResourceSchema, cursorMetaSchema);

export const statsQuerySchema = z.object({
  days: z.coerce
    .number({ error: "must be a number of days" })
    .int({ error: "must be a whole number of days" })
    .min(7, { error: "must be at least 7" })
    .max(365, { error: "must be at most 365" })
    .default(30),
});
export const listenerStatsSchema = z.object({
  totalMinutes: z.number().int(),
  sessions: z.number().int(),
  completions: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  /** One entry per day of the window (the listener's days, turning at 04:00), oldest first. */
  days: z.array(z.object({ date: z.string(), minutes: z.number().int() })),
  moodLift: moodLiftSchema,
});
export type ListenerStats = z.infer<typeof listenerStatsSchema>;
export const listenerStatsResponseSchema = envelope(listenerStatsSchema);

// ---- Inbox ----

export const inboxMessageSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  image: z.string().nullable(),
  kind: z.enum(["personal", "broadcast"]),
  sentAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;
export const inboxResponseSchema = listEnvelope(
  inboxMessageSchema,
  cursorMetaSchema.extend({ unread: z.number().int() }),
);
export const DEFAULT_MESSAGE_TITLE = "Message from Serene";

// ---- App config ----

export const updateStatuses = ["none", "optional", "required"] as const;
export type UpdateStatus = (typeof updateStatuses)[number];
const vCodeSchema = z.coerce
  .number({ error: "must be a whole number (the build number)" })
  .int({ error: "must be a whole number (the build number)" })
  .min(0)
  .max(9_999_999_999);
export const appConfigQuerySchema = z.object({ platform: deviceSchema, v_code: vCodeSchema });
export const appConfigSchema = z.object({
  message: z
    .object({
      _id: z.string(),
      title: z.string(),
      message: z.string(),
      image: z.string().nullable(),
      status: z.enum(["active", "inactive"]),
    })
    .nullable(),
  update: z.object({
    status: z.enum(updateStatuses),
    latest: z.object({ v_code: z.string(), v_name: z.string() }).nullable(),
    minSupported: z.object({ v_code: z.string() }).nullable(),
    storeUrl: z.string().nullable(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export const appConfigResponseSchema = envelope(appConfigSchema);

export const platformParamsSchema = z.object({ platform: deviceSchema });
export const platformConfigBodySchema = z.object({
  minSupported: text()
    .regex(/^\d{1,10}$/, { error: "Minimum supported V-CODE must be a whole number (the build number)" })
    .nullable(),
  storeUrl: text()
    .max(500)
    .regex(/^https?:\/\/[^\s/]+\S*$/, { error: "Store URL must be an http(s) address" })
    .nullable(),
});
export type PlatformConfigBody = z.output<typeof platformConfigBodySchema>;
export const platformConfigSchema = z.object({
  platform: deviceSchema,
  minSupported: z.string().nullable(),
  storeUrl: z.string().nullable(),
  latest: z.object({ v_code: z.string(), v_name: z.string() }).nullable(),
});
export type PlatformConfig = z.infer<typeof platformConfigSchema>;
export const platformConfigResponseSchema = envelope(platformConfigSchema);
export const platformConfigListResponseSchema = listEnvelope(platformConfigSchema, countMetaSchema);

// ---- The back office's figures per content ----

export const contentStatsSchema = listeningFiguresSchema.extend({
  moodLift: moodLiftSchema,
});
export type ContentStats = z.infer<typeof contentStatsSchema>;
export const contentStatsResponseSchema = envelope(contentStatsSchema);

import { z } from "./zod.ts";
import { appResourceSchema, appSeriesSchema, timeZoneSchema } from "./app.ts";
import { idSchema, mediaUrlSchema, text } from "./common.ts";
import { envelope } from "./envelope.ts";
import { cursorMetaSchema, listEnvelope, pageMetaSchema, pageQuerySchema } from "./pagination.ts";

// The app API, part 3 (docs/app-api.md, shared/APP-API.md): today, the end of a session, series, reminders.

// ---- Today ----

export const todayReasons = ["mood", "interest", "new", "popular"] as const;
export type TodayReason = (typeof todayReasons)[number];

export const streakSchema = z.object({
  current: z.number().int(),
  longest: z.number().int(),
  /** The listener has a counted play on their day (turning at 04:00 local time). */
  todayDone: z.boolean(),
});
export type Streak = z.infer<typeof streakSchema>;

export const todaySchema = z.object({
  /** The listener's day, YYYY-MM-DD. */
  date: z.string(),
  /** Null only when nothing in the catalogue is playable for the listener. */
  pick: appResourceSchema.nullable(),
  reason: z.enum(todayReasons).nullable(),
  minutesToday: z.number().int(),
  streak: streakSchema,
});
export type Today = z.infer<typeof todaySchema>;
export const todayResponseSchema = envelope(todaySchema);

// ---- The end of a session ----

export const moodLiftVerdicts = ["improved", "same", "worse"] as const;
export const sessionSummarySchema = z.object({
  /** Minutes listened in this session (whole minutes). */
  minutes: z.number().int(),
  minutesToday: z.number().int(),
  streak: z.object({
    current: z.number().int(),
    /** This session's play is the listener's first counted play of the day: the streak grew. */
    extended: z.boolean(),
  }),
  moodLift: z.enum(moodLiftVerdicts).nullable(),
  nextInSeries: appResourceSchema.nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

// ---- Series ----

export const seriesItemSchema = appResourceSchema.extend({
  finished: z.boolean(),
  /** Where the listener is in it (seconds; 0 when not started or finished). */
  position: z.number(),
});
export const appSeriesDetailSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  items: z.array(seriesItemSchema),
  /** The first unfinished item. */
  next: appResourceSchema.nullable(),
});
export type AppSeriesDetail = z.infer<typeof appSeriesDetailSchema>;
export const appSeriesListResponseSchema = listEnvelope(appSeriesSchema, cursorMetaSchema);
export const appSeriesResponseSchema = envelope(appSeriesDetailSchema);

export const MIN_SERIES_ITEMS = 2;
export const MAX_SERIES_ITEMS = 30;
const seriesFields = {
  title: text()
    .min(1, { error: "Title is required" })
    .max(200, { error: "Title must be at most 200 characters" }),
  description: text().max(5000, { error: "Description must be at most 5000 characters" }),
  image: mediaUrlSchema.nullable(),
  interestID: idSchema.nullable(),
  itemIds: z
    .array(idSchema)
    .min(MIN_SERIES_ITEMS, { error: `must hold at least ${MIN_SERIES_ITEMS} contents` })
    .max(MAX_SERIES_ITEMS, { error: `must hold at most ${MAX_SERIES_ITEMS} contents` })
    .refine((ids) => new Set(ids).size === ids.length, { error: "must not hold a content twice" }),
  published: z.boolean({ error: "must be true or false" }),
};
export const createSeriesBodySchema = z.object({
  ...seriesFields,
  description: seriesFields.description.default(""),
  image: seriesFields.image.default(null),
  interestID: seriesFields.interestID.default(null),
  published: seriesFields.published.default(false),
});
export type CreateSeriesBody = z.output<typeof createSeriesBodySchema>;
export const updateSeriesBodySchema = z
  .object(seriesFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { error: "Send at least one field to change" });
export type UpdateSeriesBody = z.output<typeof updateSeriesBodySchema>;

/** A series as the back office sees it. */
export const seriesSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  interestID: z.string().nullable(),
  itemIds: z.array(z.string()),
  published: z.boolean(),
  time_created: z.string(),
  updated_at: z.string(),
});
export type Series = z.infer<typeof seriesSchema>;
export const seriesResponseSchema = envelope(seriesSchema);
export const seriesListResponseSchema = listEnvelope(seriesSchema, pageMetaSchema);
export const seriesListQuerySchema = pageQuerySchema;
export type SeriesListQuery = z.infer<typeof seriesListQuerySchema>;

// ---- Reminders and Web Push ----

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const remindersSchema = z.object({
  enabled: z.boolean({ error: "must be true or false" }),
  /** HH:MM, 24-hour, in the listener's time zone. */
  time: text().regex(HH_MM, { error: "must be a time such as 21:30" }),
  /** ISO weekdays, 1 = Monday. */
  days: z
    .array(z.number({ error: "must be a day number from 1 (Monday) to 7 (Sunday)" }).int().min(1).max(7))
    .max(7)
    .refine((d) => new Set(d).size === d.length, { error: "must not name a day twice" }),
  channels: z.object({
    push: z.boolean({ error: "must be true or false" }),
    email: z.boolean({ error: "must be true or false" }),
  }),
  timeZone: z.string(),
});
export type Reminders = z.infer<typeof remindersSchema>;
export const putRemindersBodySchema = remindersSchema.extend({
  /** The listener's time zone (kept on their profile); unchanged when left out. */
  timeZone: timeZoneSchema.optional(),
});
export type PutRemindersBody = z.output<typeof putRemindersBodySchema>;
export const remindersResponseSchema = envelope(remindersSchema);

export const pushPublicKeyResponseSchema = envelope(z.object({ publicKey: z.string() }));
const endpointSchema = text()
  .min(1, { error: "is required" })
  .max(2000, { error: "must be at most 2000 characters" });
const base64url = (max: number) =>
  text()
    .min(1, { error: "is required" })
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: "must be base64url" });
export const pushSubscriptionBodySchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionBody = z.output<typeof pushSubscriptionBodySchema>;
export const pushUnsubscribeBodySchema = z.object({ endpoint: endpointSchema });
export const pushTestResponseSchema = envelope(
  z.object({ sent: z.number().int(), failed: z.number().int() }),
);
export const unsubscribeQuerySchema = z.object({ token: text().min(1).max(100) });

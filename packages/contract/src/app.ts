import { z } from "./zod.ts";
import { paymentTypeSchema, reviewStates } from "./catalogue.ts";
import {
  loudnessSchema,
  resourceHistoryEntrySchema,
  transcriptInputSchema,
  transcriptSchema,
} from "./content-facts.ts";
import { envelope } from "./envelope.ts";
import { cursorMetaSchema, cursorQuerySchema, listEnvelope } from "./pagination.ts";
import { emailSchema, idSchema, mediaUrlSchema, passwordSchema, text, untrimmedText } from "./common.ts";
import { moodSchema, userRoleSchema, usernameSchema } from "./users.ts";

// The app API (docs/app-api.md, shared/APP-API.md part 1): what the iOS and Android apps call.

/** An object whose unknown fields are refused, each named in the 400 (not silently dropped). */
function closedObject<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject(shape).superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key))
        ctx.addIssue({ code: "custom", path: [key], message: "is not a field of this request" });
    }
  });
}
const idList = z.array(idSchema).max(50, { error: "at most 50" });
export const timeZoneSchema = text()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return tz.includes("/") || tz === "UTC";
      } catch {
        return false;
      }
    },
    { error: "must be an IANA time zone name such as Europe/Paris" },
  );

// ---- Accounts ----

export const signupBodySchema = closedObject({
  email: emailSchema,
  password: passwordSchema,
  username: usernameSchema,
  /** The person confirms being 18 or older; anything but true is refused (age_confirmation_required). */
  ageConfirmed: z.boolean({ error: "must be true or false" }),
  mood: moodSchema.optional(),
  interests: idList.optional(),
  /** A business subscription code, redeemed with the sign-up. */
  code: text().min(1).max(40).optional(),
});
export type SignupBody = z.output<typeof signupBodySchema>;

export const tokenBodySchema = z.object({
  token: text().min(1, { error: "is required" }).max(200),
});
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z
  .object({
    /** The link's token, or the 6-digit code together with `email`. */
    token: text().min(1, { error: "is required" }).max(200),
    email: emailSchema.optional(),
    password: passwordSchema,
  })
  .refine((b) => !/^\d{6}$/.test(b.token) || b.email !== undefined, {
    error: "is required with a 6-digit code",
    path: ["email"],
  });
export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;

export const appSessionSchema = z.object({
  _id: z.string(),
  platform: z.string().nullable(),
  appVersion: z.string().nullable(),
  deviceName: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AppSession = z.infer<typeof appSessionSchema>;
export const appSessionListResponseSchema = listEnvelope(appSessionSchema, z.object({}));

// ---- Interests and content ----

export const appInterestSchema = z.object({
  _id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  position: z.number().int(),
  /** Published contents in this interest. */
  count: z.number().int(),
});
export type AppInterest = z.infer<typeof appInterestSchema>;
export const appInterestListResponseSchema = listEnvelope(appInterestSchema, z.object({}));

export const appResourceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  duration: z.string(),
  durationSeconds: z.number().int().nullable(),
  /** Measured from the audio: the apps level playback with it. */
  loudness: loudnessSchema,
  /** A transcript is served by GET /app/resources/:id/transcript. */
  hasTranscript: z.boolean(),
  moodType: moodSchema,
  interest: z.object({ _id: z.string(), name: z.string() }).nullable(),
  paymentType: paymentTypeSchema,
  /** Paid content and this listener has no current entitlement. */
  locked: z.boolean(),
  no_plays: z.number().int(),
  time_created: z.string(),
});
export type AppResource = z.infer<typeof appResourceSchema>;
export const appResourceDetailSchema = appResourceSchema.extend({ description: z.string() });
export type AppResourceDetail = z.infer<typeof appResourceDetailSchema>;

export const appResourceListResponseSchema = listEnvelope(appResourceSchema, cursorMetaSchema);
export const appResourceResponseSchema = envelope(appResourceDetailSchema);

export const appResourceSorts = ["new", "popular", "shortest"] as const;
export const appResourceQuerySchema = cursorQuerySchema.extend({
  q: text().max(100).optional(),
  mood: moodSchema.optional(),
  interest: idSchema.optional(),
  access: paymentTypeSchema.optional(),
  minSeconds: z.coerce.number().int().min(0).max(86_400).optional(),
  maxSeconds: z.coerce.number().int().min(0).max(86_400).optional(),
  sort: z.enum(appResourceSorts).default("new"),
});
export type AppResourceQuery = z.infer<typeof appResourceQuerySchema>;

/** A series as the app lists it (part 3): `locked` when any of its items is locked for the listener. */
export const appSeriesSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  itemCount: z.number().int(),
  finishedCount: z.number().int(),
  locked: z.boolean(),
});
export type AppSeries = z.infer<typeof appSeriesSchema>;

/**
 * `continue` (part 2): the listener's resume positions, newest first; finished ones leave.
 * `today` (part 3): one item, today's pick. `series` (part 3): the series with unfinished items
 * first, in `series`, and each one's next item in `items` (same order).
 */
export const homeSectionKeys = [
  "today",
  "continue",
  "series",
  "mood",
  "interests",
  "new",
  "popular",
  "free",
] as const;
export type HomeSectionKey = (typeof homeSectionKeys)[number];
export const homeResponseSchema = envelope(
  z.object({
    sections: z.array(
      z.object({
        key: z.enum(homeSectionKeys),
        title: z.string(),
        items: z.array(appResourceSchema),
        series: z.array(appSeriesSchema).optional(),
      }),
    ),
  }),
);

export const streamResponseSchema = envelope(z.object({ url: z.string(), expiresAt: z.string() }));

// ---- Entitlement ----

export const entitlementSchema = z.object({
  paid: z.boolean(),
  paidUntil: z.string().nullable(),
  daysLeft: z.number().int(),
  source: z.object({ purchaseId: z.string(), businessName: z.string() }).nullable(),
});
export type Entitlement = z.infer<typeof entitlementSchema>;
export const entitlementResponseSchema = envelope(entitlementSchema);

export const codeBodySchema = z.object({ code: text().min(1, { error: "is required" }).max(40) });
/**
 * `POST /app/redeem`: `confirm` must be true when the listener is entitled already (their paid
 * time would be extended, a second seat used): without it, 409 `confirmation_required`.
 */
export const appRedeemBodySchema = codeBodySchema.extend({
  confirm: z.boolean({ error: "must be true or false" }).optional(),
});
export const redeemPreviewResponseSchema = envelope(
  z.object({
    businessName: z.string(),
    months: z.number().int(),
    alreadyUsed: z.boolean(),
    /** The listener's current paid end when entitled now, else null (then redeeming needs no confirmation). */
    paidUntil: z.string().nullable(),
    /** What the paid end would be once this code is redeemed. */
    paidUntilAfter: z.string(),
  }),
);
export type RedeemPreview = z.infer<typeof redeemPreviewResponseSchema>["data"];
export const appRedeemResponseSchema = envelope(z.object({ entitlement: entitlementSchema }));

// ---- Profile ----

export const profileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  username: z.string(),
  lastName: z.string().nullable(),
  image: z.string().nullable(),
  mood: moodSchema.nullable(),
  interests: z.array(appInterestSchema),
  experience: z.string().nullable(),
  timeZone: z.string().nullable(),
  user_role: userRoleSchema,
  entitlement: entitlementSchema,
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = envelope(profileSchema);
/** POST /auth/verify-email: `{ user }`, the verified listener's profile (as GET /app/me). */
export const verifyEmailResponseSchema = envelope(z.object({ user: profileSchema }));

export const patchProfileBodySchema = closedObject({
  username: usernameSchema.optional(),
  lastName: text().max(60, { error: "must be at most 60 characters" }).nullable().optional(),
  /** A URL from POST /app/uploads?kind=image; null removes the picture. */
  image: mediaUrlSchema.nullable().optional(),
  mood: moodSchema.nullable().optional(),
  interests: idList.optional(),
  experience: text().max(200, { error: "must be at most 200 characters" }).nullable().optional(),
  timeZone: timeZoneSchema.nullable().optional(),
}).refine((b) => Object.keys(b).length > 0, { error: "Send at least one field to change" });
export type PatchProfileBody = z.output<typeof patchProfileBodySchema>;

export const deleteMeBodySchema = z.object({
  password: untrimmedText().min(1, { error: "is required" }).max(200),
});

// ---- Hosts ----

export const appUploadQuerySchema = z.object({
  kind: z.enum(["image", "audio"], { error: "must be image or audio" }),
});
export const appUploadResponseSchema = envelope(
  z.object({
    secure_url: z.string(),
    key: z.string(),
    /** Audio: seconds measured from its frames, to the hundredth, and whole (what the content shows). */
    duration: z.number().nullable().optional(),
    durationSeconds: z.number().int().optional(),
    loudness: loudnessSchema.optional(),
  }),
);

const hostResourceFields = {
  title: text().min(1, { error: "is required" }).max(200, { error: "must be at most 200 characters" }),
  description: text().max(5000, { error: "must be at most 5000 characters" }),
  image: mediaUrlSchema,
  resourceUrl: mediaUrlSchema,
  interestID: idSchema,
  moodType: moodSchema,
  paymentType: paymentTypeSchema,
  transcript: transcriptInputSchema,
};
export const hostResourceBodySchema = closedObject(hostResourceFields);
export type HostResourceBody = z.output<typeof hostResourceBodySchema>;
export const hostResourcePatchSchema = closedObject({
  title: hostResourceFields.title.optional(),
  description: hostResourceFields.description.optional(),
  image: hostResourceFields.image.optional(),
  resourceUrl: hostResourceFields.resourceUrl.optional(),
  interestID: hostResourceFields.interestID.optional(),
  moodType: moodSchema.optional(),
  paymentType: paymentTypeSchema.optional(),
  transcript: transcriptInputSchema,
}).refine((b) => Object.keys(b).length > 0, { error: "Send at least one field to change" });
export type HostResourcePatch = z.output<typeof hostResourcePatchSchema>;

export const hostResourceSchema = appResourceDetailSchema.extend({
  reviewState: z.enum(reviewStates),
  /** The back office's latest feedback on this content, if any. */
  feedback: z.string().nullable(),
});
export type HostResource = z.infer<typeof hostResourceSchema>;
export const hostResourceResponseSchema = envelope(hostResourceSchema);

/** A content's listening figures, as its host sees them (the back office sees more: contentStatsSchema). */
export const listeningFiguresSchema = z.object({
  countedPlays: z.number().int(),
  uniqueListeners: z.number().int(),
  minutes: z.number().int(),
  /** Finished sessions over sessions, 0..1 (null without sessions). */
  completionRate: z.number().nullable(),
  /** The share of the audio listened in a session, on average, 0..1 (null without sessions). */
  averageShare: z.number().nullable(),
});
export type ListeningFigures = z.infer<typeof listeningFiguresSchema>;
/** In the host's list, each content with its listening figures. */
export const hostResourceListItemSchema = hostResourceSchema.extend({ stats: listeningFiguresSchema });
export type HostResourceListItem = z.infer<typeof hostResourceListItemSchema>;
export const hostResourceListResponseSchema = listEnvelope(hostResourceListItemSchema, cursorMetaSchema);
/** One of the host's contents with its transcript and its review history, oldest first. */
export const hostResourceDetailSchema = hostResourceSchema.extend({
  transcript: transcriptSchema.nullable(),
  history: z.array(resourceHistoryEntrySchema),
});
export type HostResourceDetail = z.infer<typeof hostResourceDetailSchema>;
export const hostResourceDetailResponseSchema = envelope(hostResourceDetailSchema);
/** A published content's figures for its host: counted plays, unique listeners, average share listened. */
export const hostResourceStatsSchema = z.object({
  plays: z.number().int(),
  listeners: z.number().int(),
  averageShare: z.number().nullable(),
});
export type HostResourceStats = z.infer<typeof hostResourceStatsSchema>;
export const hostResourceStatsResponseSchema = envelope(hostResourceStatsSchema);
export const hostResourceQuerySchema = cursorQuerySchema.extend({ state: z.enum(reviewStates).optional() });

import { z } from "./zod.ts";
import { moods } from "./listener.ts";
import {
  changeBody,
  daySchema,
  emailSchema,
  entityIdFields,
  idSchema,
  mediaUrlSchema,
  passwordSchema,
  text,
} from "./common.ts";
import { envelope } from "./envelope.ts";
import {
  bulkResultSchema,
  bulkTarget,
  listEnvelope,
  oneBulkTarget,
  pageQuerySchema,
  sortQuery,
  sortSpec,
} from "./pagination.ts";

export const userRoles = ["user", "host", "editor", "admin"] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * The back office's roles: `admin` may do everything; `editor` the catalogue (contents,
 * interests, series), hosts' submissions and the app's messages, nothing about users, sales or
 * settings.
 */
export const staffRoles = ["admin", "editor"] as const;
export type StaffRole = (typeof staffRoles)[number];
export const isStaff = (role: UserRole): role is StaffRole => role === "admin" || role === "editor";

export { moods };
export const moodSchema = z.enum(moods);
export type Mood = z.infer<typeof moodSchema>;

/** A user as every API answer shows it: spec field names, never a password hash. */
export const userSchema = z.object({
  ...entityIdFields,
  username: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  status: z.string(),
  time_created: z.string(),
  image: z.string().nullable(),
  mood: moodSchema.nullable(),
  experience: z.string().nullable(),
  percentage: z.number().int(),
  user_role: userRoleSchema,
  /** Created in the back office and invited: true until the invitation's link is used (or the address verified). */
  invited: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Whom a list of accounts shows: the app's users (listeners and hosts), the staff (admins and editors), or
 * every account (pickers such as a content's uploader or the activity log's actor).
 */
export const userAudiences = ["app", "staff", "all"] as const;
export type UserAudience = (typeof userAudiences)[number];

/** The users list's columns to sort by; `newest` and `oldest` are the orders of links from before. */
export const userSorts = sortSpec({
  fields: {
    created: "desc",
    username: "asc",
    email: "asc",
    role: "asc",
    subscription: "asc",
    mood: "asc",
  },
  aliases: {
    newest: { field: "created", direction: "desc" },
    oldest: { field: "created", direction: "asc" },
  },
  default: "newest",
});
export type UserSortField = keyof typeof userSorts.fields;

/** Subscription states a user can have (the spec's `status`). */
export const subscriptionStatuses = ["free", "paid"] as const;

/** The users list's filters: search, audience, role, subscription, mood and the sign-up days. */
export const userFilterSchema = z.object({
  q: pageQuerySchema.shape.q,
  audience: z.enum(userAudiences, { error: "audience must be app, staff or all" }).default("app"),
  role: z.enum(userRoles, { error: `role must be one of ${userRoles.join(", ")}` }).optional(),
  subscription: z.enum(subscriptionStatuses, { error: "subscription must be free or paid" }).optional(),
  mood: z.enum(moods, { error: `mood must be one of ${moods.join(", ")}` }).optional(),
  /** Signed up on or after this day (UTC). */
  from: daySchema.optional(),
  /** Signed up on or before this day (UTC). */
  to: daySchema.optional(),
});
export type UserFilter = z.infer<typeof userFilterSchema>;

export const userListQuerySchema = pageQuerySchema.extend({
  ...userFilterSchema.shape,
  ...sortQuery(userSorts),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
/** GET /users/export: the list's filters and its order (the CSV follows the column sort). */
export const userExportQuerySchema = userFilterSchema.extend(sortQuery(userSorts));
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;

export const userListResponseSchema = listEnvelope(userSchema);

export const usernameSchema = text()
  .min(2, { error: "Username must be at least 2 characters" })
  .max(60, { error: "Username must be at most 60 characters" });

export const registerUserBodySchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  moodType: moodSchema,
  /** A URL from POST /upload. */
  image: mediaUrlSchema.optional(),
});
export type RegisterUserBody = z.input<typeof registerUserBodySchema>;

export const userSettingBodySchema = changeBody({
  email: emailSchema.optional(),
  username: usernameSchema.optional(),
  mood: moodSchema.nullable().optional(),
  experience: text().max(200, { error: "Experience must be at most 200 characters" }).nullable().optional(),
});
export type UserSettingBody = z.input<typeof userSettingBodySchema>;

export const userParamsSchema = z.object({ user_id: idSchema });
export const userResponseSchema = envelope(userSchema);

export const MESSAGE_MAX = 1000;
export const messageBodySchema = z.object({
  title: text().max(120, { error: "Title must be at most 120 characters" }).optional(),
  message: text()
    .min(1, { error: "Write a message" })
    .max(MESSAGE_MAX, { error: `A message can be at most ${MESSAGE_MAX} characters` }),
});
export type MessageBody = z.input<typeof messageBodySchema>;

export const userBulkActions = ["delete", "make_host", "message"] as const;
export type UserBulkAction = (typeof userBulkActions)[number];

/** One action for many users: the ones picked (`ids`) or all matching the list's filter; a message needs its text. */
export const userBulkBodySchema = z
  .discriminatedUnion(
    "action",
    [
      z.object({ action: z.literal("delete"), ...bulkTarget(userFilterSchema) }),
      z.object({ action: z.literal("make_host"), ...bulkTarget(userFilterSchema) }),
      z.object({ action: z.literal("message"), ...bulkTarget(userFilterSchema), ...messageBodySchema.shape }),
    ],
    { error: `action must be one of ${userBulkActions.join(", ")}` },
  )
  .refine(...oneBulkTarget);
export type UserBulkBody = z.input<typeof userBulkBodySchema>;
export type UserBulkInput = z.output<typeof userBulkBodySchema>;
export const userBulkResponseSchema = bulkResultSchema;

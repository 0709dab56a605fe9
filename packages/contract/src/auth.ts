import { z } from "./zod.ts";
import { changeBody, emailSchema, mediaUrlSchema, passwordSchema, text, untrimmedText } from "./common.ts";
import { envelope, okEnvelopeSchema } from "./envelope.ts";
import { userSchema, usernameSchema } from "./users.ts";

export { SIGNED_IN_COOKIE, TOKEN_STORAGE_KEY } from "./storage.ts";
export const SESSION_COOKIE = "md_session";

export const loginBodySchema = z.object({
  email: emailSchema,
  password: untrimmedText().min(1, { error: "Password is required" }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

const sessionAnswerSchema = z.object({ token: z.string(), expiresAt: z.string(), user: userSchema });
export const loginResponseSchema = envelope(sessionAnswerSchema);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * A new password's answer: with an invitation's link (the account's first password), the session
 * it opens, as sign-in's `data`; none after a reset, nor for an account with two-factor sign-in.
 */
export const resetPasswordResponseSchema = okEnvelopeSchema.extend({ data: sessionAnswerSchema.optional() });

export const meResponseSchema = envelope(z.object({ user: userSchema }));

export const changePasswordBodySchema = z.object({
  currentPassword: untrimmedText().min(1, { error: "Current password is required" }),
  newPassword: passwordSchema,
});

/** The fields of a profile change (the web form validates some of them). */
export const profileFieldsSchema = z.object({
  username: usernameSchema.optional(),
  lastName: text().max(60, { error: "Last name must be at most 60 characters" }).nullable().optional(),
  /** A URL from POST /upload; null removes the picture. */
  image: mediaUrlSchema.nullable().optional(),
});
export const profileBodySchema = changeBody(profileFieldsSchema.shape);
export type ProfileBody = z.input<typeof profileBodySchema>;

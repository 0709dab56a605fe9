import { z } from "zod";
import { changeBody, emailSchema, mediaUrlSchema, passwordSchema, text, untrimmedText } from "./common.ts";
import { envelope } from "./envelope.ts";
import { userSchema, usernameSchema } from "./users.ts";

export { SIGNED_IN_COOKIE, TOKEN_STORAGE_KEY } from "./storage.ts";
export const SESSION_COOKIE = "md_session";

export const loginBodySchema = z.object({
  email: emailSchema,
  password: untrimmedText().min(1, { error: "Password is required" }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = envelope(
  z.object({ token: z.string(), expiresAt: z.string(), user: userSchema }),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

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

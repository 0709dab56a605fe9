import { z } from "zod";
import { envelope } from "./envelope.ts";
import { userSchema } from "./users.ts";

export const TOKEN_STORAGE_KEY = "md-token";
export const SESSION_COOKIE = "md_session";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid e-mail address" }));
export const passwordSchema = z
  .string()
  .min(8, { error: "Password must be at least 8 characters" })
  .max(200, { error: "Password must be at most 200 characters" });

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: "Password is required" }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = envelope(
  z.object({ token: z.string(), expiresAt: z.string(), user: userSchema }),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = envelope(z.object({ user: userSchema }));

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, { error: "Current password is required" }),
  newPassword: passwordSchema,
});

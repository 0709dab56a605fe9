import { z } from "zod";
import { envelope } from "./envelope.ts";
import { pagedData, pageQuerySchema } from "./pagination.ts";

export const userRoles = ["user", "host", "admin"] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const moods = ["happy", "sad", "angry"] as const;
export const moodSchema = z.enum(moods);
export type Mood = z.infer<typeof moodSchema>;

/** A user as every API answer shows it: spec field names, never a password hash. */
export const userSchema = z.object({
  _id: z.string(),
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
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(["newest", "oldest", "username"]).default("newest"),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListResponseSchema = envelope(pagedData(userSchema));

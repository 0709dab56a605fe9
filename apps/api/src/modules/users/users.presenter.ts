import type { User } from "@serene/contract";
import type { users } from "../../db/schema/index.ts";
import type { MediaUrl } from "../../plugins/types.ts";

type UserRow = typeof users.$inferSelect;

/** A user row in the spec's field names; the password hash is never part of it. */
export function toUser(row: UserRow, mediaUrl: MediaUrl): User {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    lastName: row.lastName,
    email: row.email,
    status: row.status,
    time_created: row.timeCreated.toISOString(),
    image: mediaUrl(row.imageKey),
    mood: row.mood,
    experience: row.experience,
    percentage: row.percentage,
    user_role: row.role,
    invited: row.invitedAt !== null,
  };
}

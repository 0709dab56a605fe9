import type { User } from "@serene/contract";
import type { users } from "../../db/schema/index.ts";
import type { CsvColumns } from "../../lib/csv.ts";
import type { MediaUrl } from "../../plugins/types.ts";
import { type Instants, iso } from "../../lib/iso.ts";

type UserRow = typeof users.$inferSelect;

/** The columns of the users list's CSV export (never a password hash). */
export const userCsv: CsvColumns<UserRow> = [
  ["username", (u) => u.username],
  ["last_name", (u) => u.lastName],
  ["email", (u) => u.email],
  ["role", (u) => u.role],
  ["subscription", (u) => u.status],
  ["paid_until", (u) => u.paidUntil],
  ["mood", (u) => u.mood],
  ["signed_up", (u) => u.timeCreated],
  ["last_active", (u) => u.lastActiveAt],
  ["email_verified", (u) => u.emailVerifiedAt],
  ["id", (u) => u.id],
];

/**
 * The fields a user's answer is made of (what the users list reads: never a password hash); its
 * timestamps Dates or, from a list page, instants already written.
 */
export type UserFields = Instants<
  Pick<
    UserRow,
    | "id"
    | "username"
    | "lastName"
    | "email"
    | "status"
    | "timeCreated"
    | "imageKey"
    | "mood"
    | "experience"
    | "percentage"
    | "role"
    | "invitedAt"
  >
>;

/** A user row in the spec's field names; the password hash is never part of it. */
export function toUser(row: UserFields, mediaUrl: MediaUrl): User {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    lastName: row.lastName,
    email: row.email,
    status: row.status,
    time_created: iso(row.timeCreated),
    image: mediaUrl(row.imageKey),
    mood: row.mood,
    experience: row.experience,
    percentage: row.percentage,
    user_role: row.role,
    invited: row.invitedAt !== null,
  };
}

import type { StaffMember } from "@serene/contract";
import type { users } from "../../db/schema/index.ts";

export const toStaffMember = (u: typeof users.$inferSelect): StaffMember => ({
  _id: u.id,
  id: u.id,
  email: u.email,
  username: u.username,
  role: u.role === "admin" ? "admin" : "editor",
  twoFactor: u.totpEnabledAt !== null,
  invited: u.invitedAt !== null,
  lastActiveAt: u.lastActiveAt?.toISOString() ?? null,
  time_created: u.timeCreated.toISOString(),
});

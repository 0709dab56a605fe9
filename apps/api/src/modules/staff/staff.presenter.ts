import type { StaffMember } from "@serene/contract";
import type { users } from "../../db/schema/index.ts";
import { iso } from "../../lib/iso.ts";

export const toStaffMember = (u: typeof users.$inferSelect): StaffMember => ({
  _id: u.id,
  id: u.id,
  email: u.email,
  username: u.username,
  role: u.role === "admin" ? "admin" : "editor",
  twoFactor: u.totpEnabledAt !== null,
  invited: u.invitedAt !== null,
  lastActiveAt: iso(u.lastActiveAt),
  time_created: iso(u.timeCreated),
});

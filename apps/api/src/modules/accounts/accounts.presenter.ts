import type { AppSession, Entitlement, Profile } from "@serene/contract";
import type { sessions, users } from "../../db/schema/index.ts";
import { toAppInterest } from "../catalogue/index.ts";
import type { MediaUrl } from "../../plugins/types.ts";
import { iso } from "../../lib/iso.ts";

export function toProfile(
  p: {
    user: typeof users.$inferSelect;
    interests: Parameters<typeof toAppInterest>[0][];
    entitlement: Entitlement;
  },
  mediaUrl: MediaUrl,
): Profile {
  const u = p.user;
  return {
    _id: u.id,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    username: u.username,
    lastName: u.lastName,
    image: mediaUrl(u.imageKey),
    mood: u.mood,
    interests: p.interests.map((i) => toAppInterest(i, mediaUrl)),
    experience: u.experience,
    timeZone: u.timeZone,
    user_role: u.role,
    entitlement: p.entitlement,
  };
}

export const toAppSession = (s: typeof sessions.$inferSelect, currentId: string): AppSession => ({
  _id: s.id,
  platform: s.platform,
  appVersion: s.appVersion,
  deviceName: s.deviceName,
  createdAt: iso(s.createdAt),
  lastSeenAt: iso(s.lastSeenAt),
  current: s.id === currentId,
});

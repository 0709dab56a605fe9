import type { HostRequest } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { findHostRequest } from "./hosts.repository.ts";

type Row = NonNullable<Awaited<ReturnType<typeof findHostRequest>>>;

export const toHostRequest = (
  { request: r, username, email, userImageKey }: Row,
  mediaUrl: MediaUrl,
): HostRequest => ({
  _id: r.id,
  id: r.id,
  userID: r.userId,
  username,
  email,
  lastName: r.lastName,
  image: mediaUrl(r.imageKey ?? userImageKey),
  reason: r.reason,
  state: r.state,
  decidedBy: r.decidedBy,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  time_created: r.createdAt.toISOString(),
});

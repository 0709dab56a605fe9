import type { DeletionRequest, SupportMessage } from "@serene/contract";
import { iso } from "../../lib/iso.ts";
import type { ListedDeletionRequest, SupportMessageRow } from "./support.repository.ts";
import { deletionDueAt } from "./support.service.ts";

export const toSupportMessage = (m: SupportMessageRow): SupportMessage => ({
  _id: m.id,
  id: m.id,
  fullName: m.fullName,
  email: m.email,
  subject: m.subject,
  message: m.message,
  createdAt: m.createdAt.toISOString(),
  readAt: iso(m.readAt),
});

export const toDeletionRequest = ({
  request: r,
  username,
  userLastActiveAt,
  executedByEmail,
}: ListedDeletionRequest): DeletionRequest => ({
  _id: r.id,
  id: r.id,
  email: r.email,
  reason: r.reason,
  userID: r.userId,
  username,
  state: r.state,
  createdAt: r.createdAt.toISOString(),
  dueAt: deletionDueAt(r.createdAt).toISOString(),
  userLastActiveAt: iso(userLastActiveAt),
  activeSinceRequest: userLastActiveAt !== null && userLastActiveAt > r.createdAt,
  executedAt: iso(r.executedAt),
  executedByEmail,
});

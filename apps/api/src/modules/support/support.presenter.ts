import type { DeletionRequest, SupportMessage, SupportMessageDetail } from "@serene/contract";
import type { CsvColumns } from "../../lib/csv.ts";
import { iso } from "../../lib/iso.ts";
import { deletionDueAt } from "./deletion-requests.ts";
import type {
  ListedDeletionRequest,
  SupportMessageRow,
  SupportMessageWithThread,
} from "./support.repository.ts";

/** A message as the inbox lists it, with when it was last replied to. */
export const toSupportMessage = (m: SupportMessageRow & { repliedAt: Date | null }): SupportMessage => ({
  _id: m.id,
  id: m.id,
  fullName: m.fullName,
  email: m.email,
  subject: m.subject,
  message: m.message,
  createdAt: iso(m.createdAt),
  readAt: iso(m.readAt),
  status: m.closedAt ? "closed" : "open",
  assignedTo: m.assignedTo,
  closedAt: iso(m.closedAt),
  repliedAt: iso(m.repliedAt),
});

/** A message with its assignee and thread, as the back office's detail view shows it. */
export const toSupportMessageDetail = ({
  message,
  assignee,
  replies,
}: SupportMessageWithThread): SupportMessageDetail => ({
  ...toSupportMessage({ ...message, repliedAt: replies.at(-1)?.createdAt ?? null }),
  assignee,
  replies: replies.map((r) => ({
    _id: r.id,
    id: r.id,
    authorEmail: r.authorEmail,
    body: r.body,
    createdAt: iso(r.createdAt),
  })),
});

/** The columns of the deletion requests list's CSV export. */
export const deletionRequestCsv: CsvColumns<ListedDeletionRequest> = [
  ["requested", (x) => x.request.createdAt],
  ["email", (x) => x.request.email],
  ["username", (x) => x.username],
  ["reason", (x) => x.request.reason],
  ["state", (x) => x.request.state],
  ["due", (x) => (x.request.state === "pending" ? deletionDueAt(x.request.createdAt) : null)],
  ["closed_by", (x) => x.executedByEmail],
  ["closed", (x) => x.request.executedAt],
  ["id", (x) => x.request.id],
];

/** The columns of the support inbox's CSV export. */
export const supportMessageCsv: CsvColumns<SupportMessageRow> = [
  ["received", (m) => m.createdAt],
  ["name", (m) => m.fullName],
  ["email", (m) => m.email],
  ["subject", (m) => m.subject],
  ["message", (m) => m.message],
  ["read", (m) => m.readAt],
  ["status", (m) => (m.closedAt ? "closed" : "open")],
  ["closed", (m) => m.closedAt],
  ["id", (m) => m.id],
];

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
  createdAt: iso(r.createdAt),
  dueAt: iso(deletionDueAt(r.createdAt)),
  userLastActiveAt: iso(userLastActiveAt),
  activeSinceRequest: userLastActiveAt !== null && userLastActiveAt > r.createdAt,
  executedAt: iso(r.executedAt),
  executedByEmail,
});

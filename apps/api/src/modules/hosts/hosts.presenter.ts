import type { HostRequest } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { CsvColumns } from "../../lib/csv.ts";
import type { ListedHostRequest as Row } from "./hosts.repository.ts";
import { iso } from "../../lib/iso.ts";

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
  decidedAt: iso(r.decidedAt),
  decisionReason: r.decisionReason,
  time_created: iso(r.createdAt),
});

/** The columns of the host requests list's CSV export. */
export const hostRequestCsv: CsvColumns<Row> = [
  ["requested", (x) => x.request.createdAt],
  ["username", (x) => x.username],
  ["last_name", (x) => x.request.lastName],
  ["email", (x) => x.email],
  ["reason", (x) => x.request.reason],
  ["state", (x) => x.request.state],
  ["decided", (x) => x.request.decidedAt],
  ["id", (x) => x.request.id],
];

import { TRASH_DAYS, type TrashItem } from "@serene/contract";
import type { TrashedRow } from "./trash.repository.ts";
import { iso } from "../../lib/iso.ts";

const DAY_MS = 24 * 3600_000;

export function toTrashItem(row: TrashedRow): TrashItem {
  const deletedAt = new Date(row.deleted_at);
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    deletedAt: iso(deletedAt),
    deletedBy:
      row.deleted_by_id && row.deleted_by_email
        ? { id: row.deleted_by_id, email: row.deleted_by_email }
        : null,
    purgeAt: iso(new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS)),
  };
}

import type { ActivityAction, ResourceHistoryEntry, ReviewedField } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import type { MediaUrl } from "../../plugins/types.ts";
import { recordHistory } from "../activity/index.ts";
import { transcriptOf } from "./transcript.ts";
import { iso } from "../../lib/iso.ts";

/** The activity entries that make a content's review history, and how the history names them. */
const STEPS = {
  "resource.create": "submitted",
  "resource.submit": "submitted",
  "resource.resubmit": "resubmitted",
  "resource.approve": "approved",
  "resource.decline": "declined",
  "resource.update": "edited",
} as const satisfies Partial<Record<ActivityAction, ResourceHistoryEntry["action"]>>;

/** A reviewed field and the columns it is kept in. */
const FIELDS: [ReviewedField, string[]][] = [
  ["title", ["title"]],
  ["description", ["description"]],
  ["cover", ["imageKey"]],
  ["audio", ["audioKey"]],
  ["transcript", ["transcriptFormat", "transcriptText"]],
];

/** A content's review history, oldest first: submissions, decisions and edits, each with what it changed. */
export async function reviewHistory(db: Db, id: string, mediaUrl: MediaUrl): Promise<ResourceHistoryEntry[]> {
  const rows = await recordHistory(db, "resource", id, Object.keys(STEPS) as (keyof typeof STEPS)[]);
  return rows.map(({ entry, actorName }) => {
    const before = (entry.before ?? {}) as Record<string, unknown>;
    const after = (entry.after ?? {}) as Record<string, unknown>;
    // A creation has no before: it changed nothing, it is the first version.
    const changed = entry.before
      ? FIELDS.filter(([, columns]) => columns.some((c) => c in after && c in before)).map(([f]) => f)
      : [];
    const was = (column: string) => before[column] as string | null;
    const previous: ResourceHistoryEntry["previous"] = {};
    for (const field of changed) {
      if (field === "title" || field === "description") previous[field] = was(field) ?? "";
      if (field === "cover") previous.cover = mediaUrl(was("imageKey"));
      if (field === "audio") previous.audio = mediaUrl(was("audioKey"));
      if (field === "transcript") {
        previous.transcript = transcriptOf({
          transcriptFormat: was("transcriptFormat") as "vtt" | "text" | null,
          transcriptText: was("transcriptText"),
        });
      }
    }
    const feedback = (entry.details as { feedback?: string } | null)?.feedback;
    return {
      at: iso(entry.createdAt),
      action: STEPS[entry.action as keyof typeof STEPS],
      by: entry.actorId && actorName !== null ? { _id: entry.actorId, username: actorName } : null,
      ...(feedback && { feedback }),
      changed,
      previous,
    };
  });
}

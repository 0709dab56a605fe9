import { z } from "./zod.ts";
import { entityIdFields } from "./common.ts";
import {
  bulkResultSchema,
  bulkTarget,
  listEnvelope,
  oneBulkTarget,
  pageQuerySchema,
  sortQuery,
  sortSpec,
} from "./pagination.ts";

/** Days a deleted user or content stays in the trash, restorable, before the purge deletes it for real. */
export const TRASH_DAYS = 30;

export const trashKinds = ["user", "content"] as const;
export type TrashKind = (typeof trashKinds)[number];

/** A user or a content in the trash. */
export const trashItemSchema = z.object({
  ...entityIdFields,
  kind: z.enum(trashKinds),
  /** The user's name and e-mail, or the content's title. */
  name: z.string(),
  /** The user's e-mail, or the content's uploader's (null when none). */
  email: z.string().nullable(),
  deletedAt: z.string(),
  /** The admin who deleted it (null once that account is gone). */
  deletedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** When the purge deletes it for real. */
  purgeAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

/** The trash's filter: a search on the name or e-mail, and one kind. */
export const trashFilterSchema = z.object({
  q: pageQuerySchema.shape.q,
  kind: z.enum(trashKinds, { error: "kind must be user or content" }).optional(),
});
export type TrashFilter = z.infer<typeof trashFilterSchema>;

/** The trash's columns to sort by (`deleted`: latest first by default, which is also soonest purged last). */
export const trashSorts = sortSpec({
  fields: { deleted: "desc", name: "asc", kind: "asc" },
  default: "deleted",
});
export type TrashSortField = keyof typeof trashSorts.fields;

export const trashListQuerySchema = pageQuerySchema.extend({
  ...trashFilterSchema.shape,
  ...sortQuery(trashSorts),
});
export type TrashListQuery = z.infer<typeof trashListQuerySchema>;
export const trashListResponseSchema = listEnvelope(trashItemSchema);

/** Restore or delete forever: the users and contents picked (ids of either kind), or all matching the filter. */
export const trashBulkBodySchema = z
  .object({
    action: z.enum(["restore", "purge"], { error: "action must be restore or purge" }),
    ...bulkTarget(trashFilterSchema),
  })
  .refine(...oneBulkTarget);
export type TrashBulkBody = z.input<typeof trashBulkBodySchema>;
export type TrashBulkInput = z.output<typeof trashBulkBodySchema>;
export const trashBulkResponseSchema = bulkResultSchema;

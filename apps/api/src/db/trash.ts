import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { resources } from "./schema/index.ts";

/**
 * Rows outside the trash: every read of users or contents outside the trash itself filters by
 * this, so a trashed row is hidden everywhere (lists, counts, look-ups, the app's API).
 */
export const notTrashed = (table: { deletedAt: PgColumn }): SQL => isNull(table.deletedAt);

/** Contents listeners may find: published and not in the trash. */
export const listedResource: SQL = and(eq(resources.reviewState, "published"), notTrashed(resources))!;

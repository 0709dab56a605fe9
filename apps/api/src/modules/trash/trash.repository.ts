import { orderOf, type TrashFilter, type TrashKind, type TrashListQuery, trashSorts } from "@serene/contract";
import { and, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { resources, users } from "../../db/schema/index.ts";
import { likePattern } from "../../lib/paging.ts";

/** A row of the trash list: a user or a content, who deleted it and when. */
export interface TrashedRow {
  kind: TrashKind;
  id: string;
  name: string;
  email: string | null;
  deleted_at: Date | string;
  deleted_by_id: string | null;
  deleted_by_email: string | null;
  total: number | string;
}

const ORDER_COLUMNS = { deleted: sql`t.deleted_at`, name: sql`lower(t.name)`, kind: sql`t.kind` } as const;

/**
 * Trashed users and contents together (each read through its table's partial index on trashed
 * rows), filtered by kind and by a search on the name or e-mail, in one of the list's orders.
 */
function trashRows(db: Db, filter: TrashFilter, order: SQL, limit: number, offset: number) {
  const where: SQL[] = [sql`true`];
  if (filter.kind) where.push(sql`t.kind = ${filter.kind}`);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    where.push(sql`(lower(t.name) like ${pattern} or lower(coalesce(t.email, '')) like ${pattern})`);
  }
  return queryRows<TrashedRow>(
    db,
    sql`select t.kind, t.id, t.name, t.email, t.deleted_at, t.deleted_by as deleted_by_id,
          d.email as deleted_by_email, count(*) over() as total
        from (
          select 'user' as kind, u.id, u.username as name, u.email, u.deleted_at, u.deleted_by
            from ${users} u where u.deleted_at is not null
          union all
          select 'content', r.id, r.title, up.email, r.deleted_at, r.deleted_by
            from ${resources} r left join ${users} up on up.id = r.user_id
            where r.deleted_at is not null
        ) t
        left join ${users} d on d.id = t.deleted_by
        where ${sql.join(where, sql` and `)}
        order by ${order}
        limit ${limit} offset ${offset}`,
  );
}

/** A page of the trash, sorted. */
export async function listTrash(db: Db, query: TrashListQuery) {
  const { field, direction } = orderOf(trashSorts, query.sort, query.direction);
  const dir = sql.raw(direction);
  const order = sql`${ORDER_COLUMNS[field]} ${dir}, t.id ${dir}`;
  const rows = await trashRows(db, query, order, query.limit, (query.page - 1) * query.limit);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** The ids of what the trash's filter matches (a bulk action's "all matching"), at most `limit`. */
export async function trashMatching(db: Db, filter: TrashFilter, limit: number) {
  const rows = await trashRows(db, filter, sql`t.deleted_at, t.id`, limit, 0);
  return rows.map((row) => row.id);
}

/** The trashed accounts of these ids. */
export const trashedUsers = (db: Db, ids: readonly string[]) =>
  db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNotNull(users.deletedAt)));

/** The trashed contents of these ids. */
export const trashedResources = (db: Db, ids: readonly string[]) =>
  db
    .select()
    .from(resources)
    .where(and(inArray(resources.id, [...ids]), isNotNull(resources.deletedAt)));

/** The ids of users and contents trashed before `cutoff` (the purge's), at most `limit` of each. */
export async function trashedBefore(db: Db, cutoff: Date, limit: number) {
  const [userRows, resourceRows] = await Promise.all([
    db.select({ id: users.id }).from(users).where(lt(users.deletedAt, cutoff)).limit(limit),
    db.select({ id: resources.id }).from(resources).where(lt(resources.deletedAt, cutoff)).limit(limit),
  ]);
  return { users: userRows.map((r) => r.id), resources: resourceRows.map((r) => r.id) };
}

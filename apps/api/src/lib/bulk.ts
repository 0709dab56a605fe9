import { BULK_MAX, type BulkResult } from "@serene/contract";
import { AppError, badRequest } from "./errors.ts";

/**
 * A bulk action's rows: the ones picked (an id that names no row is reported as such) or every row
 * a filter matches. A filter matching more than `BULK_MAX` rows is refused (400 naming `filter`), so
 * one request stays bounded.
 */
export async function bulkRows<R extends { id: string }>(
  body: { ids?: readonly string[] | undefined; filter?: unknown },
  what: string,
  read: { byIds: (ids: readonly string[]) => Promise<R[]>; matching: (limit: number) => Promise<R[]> },
): Promise<{ rows: R[]; missing: string[] }> {
  if (body.ids) {
    const ids = [...new Set(body.ids)];
    const rows = await read.byIds(ids);
    const found = new Set(rows.map((row) => row.id));
    return { rows, missing: ids.filter((id) => !found.has(id)) };
  }
  const rows = await read.matching(BULK_MAX + 1);
  if (rows.length > BULK_MAX) {
    throw badRequest(
      `filter: it matches more than ${BULK_MAX} ${what}; narrow it to act on at most ${BULK_MAX} at once`,
      "filter",
    );
  }
  return { rows, missing: [] };
}

/**
 * A database that runs a callback in a transaction, and inside one in a savepoint: the app's `Db`
 * is one. Said here by its shape, so lib/ needs nothing of db/ above it.
 */
interface Transactional<D> {
  transaction<T>(run: (tx: D) => Promise<T>): Promise<T>;
}

/**
 * Runs one bulk action inside one transaction, each row in its own savepoint: a row the rules
 * refuse (an `AppError` below 500: the last admin, content not waiting for review) is left as it
 * was and reported with why; any other failure rolls the whole request back, so nothing is
 * half-written. Answers what was done (and the ids of the rows done: the Undo of a delete) and the values `step` gave back (e-mails to send, files to
 * discard once committed).
 */
export async function runBulk<R extends { id: string }, T, D extends Transactional<D>>(
  db: D,
  rows: readonly R[],
  name: (row: R) => string,
  step: (tx: D, row: R) => Promise<T>,
  missing: readonly string[] = [],
): Promise<BulkResult & { results: T[] }> {
  return db.transaction(async (tx) => {
    const failed = missing.map((id) => ({ id, name: id, message: "Not found (deleted meanwhile?)" }));
    const results: T[] = [];
    const ids: string[] = [];
    for (const row of rows) {
      try {
        results.push(await tx.transaction((savepoint) => step(savepoint, row)));
        ids.push(row.id);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        failed.push({ id: row.id, name: name(row), message: err.message });
      }
    }
    return { done: results.length, ids, failed, results };
  });
}

/** "3 users deleted", then how many were left alone: the answer's message. */
export function bulkMessage(result: BulkResult, done: string, one: string, many: string): string {
  const count = (n: number) => `${n} ${n === 1 ? one : many}`;
  const head = `${count(result.done)} ${done}`;
  return result.failed.length ? `${head}; ${count(result.failed.length)} could not be` : head;
}

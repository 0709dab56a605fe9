import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * Records the SQL text and parameters every query sends while `fn` runs, on either driver,
 * so a test can count them and a bench comparator can run exactly the statements Serene ran.
 */
export async function captureQueries(fn: () => Promise<unknown>) {
  const seen: { text: string; params: unknown[] }[] = [];
  const pool = pg.Pool.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const lite = PGlite.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const [poolQuery, liteQuery] = [pool.query, lite.query];
  pool.query = function (this: unknown, q: unknown, values?: unknown) {
    const config = typeof q === "string" ? { text: q, values } : (q as { text: string; values?: unknown[] });
    seen.push({ text: config.text, params: (config.values ?? values ?? []) as unknown[] });
    return poolQuery.apply(this, [q, values]);
  };
  lite.query = function (this: unknown, text: unknown, params?: unknown, options?: unknown) {
    seen.push({ text: text as string, params: (params ?? []) as unknown[] });
    return liteQuery.apply(this, [text, params, options]);
  };
  try {
    await fn();
  } finally {
    pool.query = poolQuery;
    lite.query = liteQuery;
  }
  return seen;
}

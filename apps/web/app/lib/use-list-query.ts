import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** How many rows a page of every back-office list holds. */
export const PAGE_SIZE = 20;

/** A list's query schema from @serene/contract (a zod object): its fields, and the whole. */
export interface ListQuerySchema<Q extends { page: number }> {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
  parse(value: unknown): Q;
}

/** `value` when it is one of `values` (a filter a select chose), otherwise undefined. */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

export type SetListQuery<Q> = (change: Partial<Q>, options?: { replace?: boolean }) => void;

/**
 * The list request the URL asks for, read with the contract's query schema: each field the
 * schema accepts, the schema's default for any other (an old or hand-edited link), and
 * `PAGE_SIZE` rows.
 */
export function readListQuery<Q extends { page: number }>(
  schema: ListQuerySchema<Q>,
  params: URLSearchParams,
): Q {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const value = params.get(name);
    if (name !== "limit" && value && field.safeParse(value).success) fields[name] = value;
  }
  return schema.parse({ ...fields, limit: PAGE_SIZE });
}

/** The URL of a list request: only what differs from the schema's defaults (never the page size). */
export function writeListQuery<Q extends { page: number }>(
  schema: ListQuerySchema<Q>,
  query: Q,
): URLSearchParams {
  const defaults = readListQuery(schema, new URLSearchParams()) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (name === "limit" || value === undefined || value === null || value === "") continue;
    if (value !== defaults[name]) params.set(name, String(value));
  }
  return params;
}

/**
 * A back-office list's request kept in the URL (shareable, and Back works), read and written
 * with the contract's query schema, and a setter. A change goes back to page 1 unless it names
 * the page; `replace` keeps it out of the history (typing in a search box). `schema` must be a
 * module-level value.
 */
export function useListQuery<Q extends { page: number }>(schema: ListQuerySchema<Q>) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(schema, params), [params, schema]);
  const setQuery = useCallback<SetListQuery<Q>>(
    (change, { replace = false } = {}) => {
      setParams(
        (current) => writeListQuery(schema, { ...readListQuery(schema, current), page: 1, ...change }),
        {
          replace,
          preventScrollReset: true,
        },
      );
    },
    [setParams, schema],
  );
  return [query, setQuery] as const;
}

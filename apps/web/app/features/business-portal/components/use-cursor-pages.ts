import { useEffect, useRef, useState } from "react";
import { usePortalAction } from "./use-portal-action";

/** One page of a list paged by cursor (`meta.nextCursor`). */
export interface CursorPage<T> {
  data: T[];
  meta: { nextCursor: string | null };
}

/**
 * A list read a page at a time: the first page whenever `load` or `version` changes, then `more`
 * appends the next one. `load` (memoised by the caller) reads the page after `cursor`; only the
 * answers to the newest first page (and its next pages) are shown.
 */
export function useCursorPages<T>(load: (cursor?: string) => Promise<CursorPage<T>>, version: number) {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const { error, busy, run } = usePortalAction();
  // Which first page is current: an answer to an earlier one (a filter changed meanwhile) is dropped.
  const current = useRef(0);
  useEffect(() => {
    const asked = ++current.current;
    void run(load(), (page) => {
      if (asked !== current.current) return;
      setItems(page.data);
      setNext(page.meta.nextCursor);
    });
  }, [load, version, run]);
  const more = () => {
    const asked = current.current;
    void run(load(next ?? undefined), (page) => {
      if (asked !== current.current) return;
      setItems((shown) => [...(shown ?? []), ...page.data]);
      setNext(page.meta.nextCursor);
    });
  };
  return { items, hasMore: next !== null, more, error, busy };
}

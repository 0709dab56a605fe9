import { useCallback, useMemo, useState } from "react";

/**
 * The rows picked in a back-office list: some by id (one, a shift-click range, a whole page), or
 * every row matching the list's filter ("all N matching"). A new filter (`scope`) starts afresh.
 */
export interface RowSelection {
  /** The rows picked one by one (kept across pages). */
  ids: ReadonlySet<string>;
  /** Every row the filter matches, on every page. */
  allMatching: boolean;
  isSelected(id: string): boolean;
  /** Picks or drops one row; with `range`, every row of the page from the last one clicked to it. */
  toggle(id: string, pageIds: readonly string[], range: boolean): void;
  /** Picks or drops every row of the page. */
  setPage(pageIds: readonly string[], on: boolean): void;
  selectAllMatching(): void;
  clear(): void;
}

interface State {
  scope: string;
  ids: ReadonlySet<string>;
  allMatching: boolean;
  anchor: string | null;
}

export function useRowSelection(scope: string): RowSelection {
  const empty = useMemo<State>(() => ({ scope, ids: new Set(), allMatching: false, anchor: null }), [scope]);
  const [stored, setStored] = useState<State>(empty);
  const state = stored.scope === scope ? stored : empty;

  const update = useCallback(
    (change: (current: State) => State) =>
      setStored((current) => change(current.scope === scope ? current : empty)),
    [scope, empty],
  );

  return useMemo<RowSelection>(
    () => ({
      ids: state.ids,
      allMatching: state.allMatching,
      isSelected: (id) => state.allMatching || state.ids.has(id),
      toggle: (id, pageIds, range) =>
        update((current) => {
          // Dropping one row of "all matching" keeps the rest of the page picked.
          const ids = new Set(current.allMatching ? pageIds : current.ids);
          const on = current.allMatching ? false : !ids.has(id);
          const from = range && current.anchor ? pageIds.indexOf(current.anchor) : -1;
          const to = pageIds.indexOf(id);
          const span =
            from >= 0 && to >= 0 ? pageIds.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
          for (const each of span) {
            if (on) ids.add(each);
            else ids.delete(each);
          }
          return { ...current, ids, allMatching: false, anchor: id };
        }),
      setPage: (pageIds, on) =>
        update((current) => {
          const ids = new Set(current.allMatching ? [] : current.ids);
          for (const id of pageIds) {
            if (on) ids.add(id);
            else ids.delete(id);
          }
          return { ...current, ids, allMatching: false };
        }),
      selectAllMatching: () => update((current) => ({ ...current, allMatching: true })),
      clear: () => update(() => empty),
    }),
    [state, update, empty],
  );
}

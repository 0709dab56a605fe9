import { Button, Group } from "@mantine/core";
import type { SetListQuery } from "../../lib/use-list-query";
import { FilterSelect } from "./filter-select";
import { SearchInput } from "./search-input";

/** The request of a list searched by text and narrowed to one state (purchases, messages, requests). */
export interface SearchStateQuery<S extends string> {
  page: number;
  q?: string;
  state?: S;
}

interface SearchStateFilterBarProps<S extends string> {
  filters: SearchStateQuery<S>;
  onChange: SetListQuery<SearchStateQuery<S>>;
  /** The search box's accessible name and placeholder. */
  searchLabel: string;
  searchPlaceholder: string;
  /** The state select's accessible name, its options, and what it shows when none is chosen. */
  stateLabel: string;
  stateOptions: readonly { value: S; label: string }[];
  allStates: string;
}

/** A search box and a state select, both applied by the server; Clear filters once either is set. */
export function SearchStateFilterBar<S extends string>({
  filters,
  onChange,
  searchLabel,
  searchPlaceholder,
  stateLabel,
  stateOptions,
  allStates,
}: SearchStateFilterBarProps<S>) {
  return (
    <Group gap="sm" align="flex-end">
      <SearchInput
        value={filters.q ?? ""}
        onSearch={(q) => onChange({ q }, { replace: true })}
        label={searchLabel}
        placeholder={searchPlaceholder}
        style={{ flex: "2 1 260px" }}
      />
      <FilterSelect
        aria-label={stateLabel}
        placeholder={allStates}
        options={stateOptions}
        value={filters.state}
        onChange={(state) => onChange({ state })}
        style={{ flex: "1 1 160px" }}
      />
      {(filters.q || filters.state) && (
        <Button variant="subtle" onClick={() => onChange({ q: undefined, state: undefined })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

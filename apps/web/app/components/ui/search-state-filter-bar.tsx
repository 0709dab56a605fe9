import { Button, Group, Select } from "@mantine/core";
import type { SearchStateFilters, SetFilters } from "../../lib/use-url-filters";
import { SearchInput } from "./search-input";

interface SearchStateFilterBarProps<S extends string> {
  filters: SearchStateFilters<S>;
  onChange: SetFilters<SearchStateFilters<S>>;
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
        value={filters.q}
        onSearch={(q) => onChange({ q }, { replace: true })}
        label={searchLabel}
        placeholder={searchPlaceholder}
        style={{ flex: "2 1 260px" }}
      />
      <Select
        aria-label={stateLabel}
        placeholder={allStates}
        data={stateOptions}
        value={filters.state}
        onChange={(state) =>
          onChange({ state: stateOptions.find((option) => option.value === state)?.value ?? null })
        }
        clearable
        style={{ flex: "1 1 160px" }}
      />
      {(filters.q || filters.state) && (
        <Button variant="subtle" onClick={() => onChange({ q: "", state: null })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

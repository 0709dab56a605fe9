import { type ComboboxItem, Loader, Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { Resource } from "@serene/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { contentSearchQuery } from "../../../lib/shared-api";

/** Never filter in the browser: the server searched the titles. */
const keepServerResults: SelectProps["filter"] = ({ options }) => options;

/**
 * Adds a published content by title, searching the server (debounced) as the admin types; the
 * box empties after each choice, ready for the next. `chosen` are left out of the options.
 */
export function ContentPicker({
  chosen,
  onPick,
  disabled,
  error,
}: {
  chosen: readonly string[];
  onPick: (content: Resource) => void;
  disabled?: boolean;
  error?: string;
}) {
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search.trim(), 250);
  const found = useQuery(contentSearchQuery(term));
  const options = useMemo<ComboboxItem[]>(
    () =>
      (found.data ?? [])
        .filter((content) => !chosen.includes(content._id))
        .map((content) => ({ value: content._id, label: content.title })),
    [found.data, chosen],
  );

  return (
    <Select
      label="Add a content"
      placeholder="Search by title"
      data={options}
      value={null}
      onChange={(id) => {
        const content = found.data?.find((candidate) => candidate._id === id);
        if (content) onPick(content);
        setSearch("");
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={keepServerResults}
      nothingFoundMessage={found.isFetching ? "Searching…" : "No published content has that title"}
      rightSection={found.isFetching ? <Loader size={16} /> : undefined}
      disabled={disabled}
      error={error}
    />
  );
}

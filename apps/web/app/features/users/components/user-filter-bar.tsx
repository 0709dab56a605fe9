import { Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import type { SetUserFilters, UserFilters } from "../hooks/use-user-filters";

const sortOptions = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "username", label: "By username" },
];

/** Search by username or e-mail, and the order; both applied by the server. */
export function UserFilterBar({ filters, onChange }: { filters: UserFilters; onChange: SetUserFilters }) {
  const [search, setSearch] = useState(filters.q);
  // The URL's search can also change from outside (Back, a link): show it in the box then.
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    if (filters.q !== search.trim()) setSearch(filters.q);
  }
  const applySearch = useDebouncedCallback((q: string) => onChange({ q: q.trim() }, { replace: true }), 300);

  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        type="search"
        aria-label="Search users by username or e-mail"
        placeholder="Search by username or e-mail"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        style={{ flex: "2 1 260px" }}
      />
      <Select
        aria-label="Order"
        data={sortOptions}
        value={filters.sort}
        onChange={(sort) => onChange({ sort: (sort as UserFilters["sort"] | null) ?? "newest" })}
        allowDeselect={false}
        style={{ flex: "0 1 180px" }}
      />
    </Group>
  );
}

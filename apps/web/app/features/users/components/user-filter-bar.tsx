import { Group, Select } from "@mantine/core";
import type { UserListQuery } from "@serene/contract";
import { SearchInput } from "../../../components/ui/search-input";
import type { SetListQuery } from "../../../lib/use-list-query";

const sortOptions = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "username", label: "By username" },
];

/** Search by username or e-mail, and the order; both applied by the server. */
export function UserFilterBar({
  filters,
  onChange,
}: {
  filters: UserListQuery;
  onChange: SetListQuery<UserListQuery>;
}) {
  return (
    <Group gap="sm" align="flex-end">
      <SearchInput
        value={filters.q ?? ""}
        onSearch={(q) => onChange({ q }, { replace: true })}
        label="Search users by username or e-mail"
        placeholder="Search by username or e-mail"
        style={{ flex: "2 1 260px" }}
      />
      <Select
        aria-label="Order"
        data={sortOptions}
        value={filters.sort}
        onChange={(sort) => onChange({ sort: (sort as UserListQuery["sort"] | null) ?? "newest" })}
        allowDeselect={false}
        style={{ flex: "0 1 180px" }}
      />
    </Group>
  );
}

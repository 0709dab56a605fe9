import { Button, Group, TextInput } from "@mantine/core";
import {
  isStaff,
  moods,
  subscriptionStatuses,
  type UserListQuery,
  type UserRole,
  userRoles,
} from "@serene/contract";
import { moodLabels } from "../../../components/entities/mood-badge";
import { FilterSelect } from "../../../components/ui/filter-select";
import { SearchInput } from "../../../components/ui/search-input";
import type { SetListQuery } from "../../../lib/use-list-query";

const roleLabels: Record<UserRole, string> = {
  user: "Listener",
  host: "Host",
  editor: "Editor",
  admin: "Admin",
};
const moodOptions = moods.map((mood) => ({ value: mood, label: moodLabels[mood] }));
const subscriptionOptions = subscriptionStatuses.map((status) => ({
  value: status,
  label: status === "paid" ? "Paid" : "Free",
}));
const control = { flex: "1 1 140px" } as const;

/** The users list's filters (its order is the table's headers). */
export const noUserFilters = {
  q: undefined,
  role: undefined,
  subscription: undefined,
  mood: undefined,
  from: undefined,
  to: undefined,
} satisfies Partial<UserListQuery>;

export const isUserFiltered = (filters: UserListQuery) =>
  Object.keys(noUserFilters).some((name) => filters[name as keyof typeof noUserFilters] !== undefined);

/** Search by username or e-mail; role (within the audience), subscription, mood, signed up between. */
export function UserFilterBar({
  filters,
  onChange,
}: {
  filters: UserListQuery;
  onChange: SetListQuery<UserListQuery>;
}) {
  // The staff are admins and editors; the app's users are listeners and hosts.
  const roles = userRoles.filter((role) =>
    filters.audience === "all" ? true : (filters.audience === "staff") === isStaff(role),
  );
  return (
    <Group gap="sm" align="flex-end">
      <SearchInput
        value={filters.q ?? ""}
        onSearch={(q) => onChange({ q }, { replace: true })}
        label="Search users by username or e-mail"
        placeholder="Search by username or e-mail"
        style={{ flex: "2 1 260px" }}
      />
      {roles.length > 1 && (
        <FilterSelect
          label="Role"
          placeholder="Every role"
          options={roles.map((role) => ({ value: role, label: roleLabels[role] }))}
          value={filters.role}
          onChange={(role) => onChange({ role })}
          style={control}
        />
      )}
      <FilterSelect
        label="Subscription"
        placeholder="Paid and free"
        options={subscriptionOptions}
        value={filters.subscription}
        onChange={(subscription) => onChange({ subscription })}
        style={control}
      />
      <FilterSelect
        label="Mood"
        placeholder="Every mood"
        options={moodOptions}
        value={filters.mood}
        onChange={(mood) => onChange({ mood })}
        style={control}
      />
      <TextInput
        type="date"
        label="Signed up from"
        value={filters.from ?? ""}
        max={filters.to}
        onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
        style={control}
      />
      <TextInput
        type="date"
        label="Signed up until"
        value={filters.to ?? ""}
        min={filters.from}
        onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
        style={control}
      />
      {isUserFiltered(filters) && (
        <Button variant="subtle" onClick={() => onChange(noUserFilters)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

import { Button, Group, SegmentedControl, Stack } from "@mantine/core";
import { type UserAudience, userAudiences, userListQuerySchema } from "@serene/contract";
import { IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ListEmpty, ListPanel } from "../../components/ui/list-panel";
import { ListTitle } from "../../components/ui/list-title";
import { CreateUserModal } from "../../features/users/components/create-user-modal";
import { UserFilterBar } from "../../features/users/components/user-filter-bar";
import { UsersTable } from "../../features/users/components/users-table";
import { useUserList } from "../../features/users/hooks/use-user-list";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { oneOf, useListQuery } from "../../lib/use-list-query";
import type { Route } from "./+types/users";

const page: PageInfo = {
  title: "Users",
  description: "Every app user, with their mood and subscription; the staff apart.",
};

export const handle = page;

/** The switch's words and the heading over each audience's table. */
const audienceLabels: Record<UserAudience, string> = { app: "App users", staff: "Staff", all: "Everyone" };
const audienceTitles: Record<UserAudience, string> = {
  app: "Users Table",
  staff: "Staff",
  all: "All accounts",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Users() {
  const [filters, setFilters] = useListQuery(userListQuerySchema);
  const list = useUserList(filters);
  // The heading counts the whole audience; without a search, the page's own answer already says how many.
  const everyone = useUserList(filters.q ? { limit: 1, audience: filters.audience } : filters);
  const staff = filters.audience === "staff";
  const [creating, setCreating] = useState(false);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <ListTitle title={audienceTitles[filters.audience]} count={everyone.data?.meta.total} />
        <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
          Create User
        </Button>
      </Group>

      <SegmentedControl
        aria-label="Accounts to show"
        data={userAudiences.map((value) => ({ value, label: audienceLabels[value] }))}
        value={filters.audience}
        onChange={(audience) => setFilters({ audience: oneOf(userAudiences, audience) ?? "app" })}
        w={{ base: "100%", xs: "auto" }}
        style={{ alignSelf: "flex-start" }}
      />

      <ListPanel
        list={list}
        toolbar={<UserFilterBar filters={filters} onChange={setFilters} />}
        loadingLabel="Loading users"
        errorTitle="The users could not be loaded"
        empty={
          <ListEmpty
            filtered={Boolean(filters.q)}
            noMatch="No user matches this search"
            onClear={() => setFilters({ q: undefined })}
            clearLabel="Clear search"
            none={staff ? "No staff" : "No users yet"}
            hint="Create the first one with Create User."
          />
        }
        page={filters.page}
        onPage={(next, options) => setFilters({ page: next }, options)}
      >
        {(users) => <UsersTable users={users} label="Users" />}
      </ListPanel>

      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

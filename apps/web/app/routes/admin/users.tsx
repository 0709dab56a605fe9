import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { ListFooter } from "../../components/ui/list-footer";
import { LoadError } from "../../components/ui/load-error";
import { CreateUserModal } from "../../features/users/components/create-user-modal";
import { UserFilterBar } from "../../features/users/components/user-filter-bar";
import { UsersTable } from "../../features/users/components/users-table";
import { useUserFilters } from "../../features/users/hooks/use-user-filters";
import { useUserList } from "../../features/users/hooks/use-user-list";
import { formatCount } from "../../lib/format";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/users";

const page: PageInfo = {
  title: "Users",
  description: "Every app user, with their mood and subscription.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

const PAGE_SIZE = 20;

export default function Users() {
  const [filters, setFilters] = useUserFilters();
  const params = { page: filters.page, limit: PAGE_SIZE, q: filters.q || undefined, sort: filters.sort };
  const list = useUserList(params);
  // The heading counts every user; without a search, the page's own answer already says how many.
  const everyone = useUserList(filters.q ? { limit: 1 } : params);
  const total = everyone.data?.meta.total;
  const [creating, setCreating] = useState(false);

  // Past the last page (its last user was deleted, or an old link): go to the last one.
  const pages = list.isPlaceholderData ? undefined : list.data?.meta.pages;
  useEffect(() => {
    if (pages && filters.page > pages) setFilters({ page: pages }, { replace: true });
  }, [pages, filters.page, setFilters]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h3">
          Users Table{total === undefined ? "" : ` (${formatCount(total)})`}
        </Title>
        <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
          Create Users
        </Button>
      </Group>

      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        <Stack gap="md">
          <UserFilterBar filters={filters} onChange={setFilters} />
          {list.isPending ? (
            <Center py="xl">
              <Loader role="status" aria-label="Loading users" />
            </Center>
          ) : list.isError ? (
            <LoadError
              title="The users could not be loaded"
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : list.data.data.length === 0 ? (
            <Stack align="center" gap="xs" py="xl">
              <Text fw={700}>{filters.q ? "No user matches this search" : "No users yet"}</Text>
              {filters.q ? (
                <Button variant="light" onClick={() => setFilters({ q: "" })}>
                  Clear search
                </Button>
              ) : (
                <Text c="dimmed" size="sm">
                  Create the first one with Create Users.
                </Text>
              )}
            </Stack>
          ) : (
            <>
              <UsersTable users={list.data.data} label="Users" />
              <ListFooter meta={list.data.meta} onPage={(next) => setFilters({ page: next })} />
            </>
          )}
        </Stack>
      </Paper>

      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

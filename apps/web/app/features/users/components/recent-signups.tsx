import { Center, Loader, Text } from "@mantine/core";
import { RECENT_SIGNUPS } from "@serene/contract";
import { DashboardPanel } from "../../../components/ui/dashboard-panel";
import { LoadError } from "../../../components/ui/load-error";
import { useUserList } from "../api";
import { UsersTable } from "./users-table";

/** Recent Signups: the 20 newest users, with the users page's columns and row menu. */
export function RecentSignups() {
  const users = useUserList({ limit: RECENT_SIGNUPS });
  return (
    <DashboardPanel title="Recent Signups" more={{ to: "/admin/users", label: "See all users" }}>
      {users.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label="Loading recent signups" />
        </Center>
      ) : users.isError ? (
        <LoadError
          title="Recent signups could not be loaded"
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : users.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          No users yet.
        </Text>
      ) : (
        <UsersTable users={users.data.items} label="Recent Signups" />
      )}
    </DashboardPanel>
  );
}

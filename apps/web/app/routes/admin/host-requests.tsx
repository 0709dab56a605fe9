import { Center, Grid, Loader, Paper, Stack, Text } from "@mantine/core";
import { pageQuerySchema } from "@serene/contract";
import { ListFooter } from "../../components/ui/list-footer";
import { ListTitle } from "../../components/ui/list-title";
import { LoadError } from "../../components/ui/load-error";
import { HostRequestPanel } from "../../features/hosts/components/host-request-panel";
import { HostList } from "../../features/users/components/host-list";
import { useHostList } from "../../features/users/hooks/use-user-list";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { useListQuery } from "../../lib/use-list-query";
import type { Route } from "./+types/host-requests";

const page: PageInfo = {
  title: "Host request",
  description: "Hosts, and the requests of users who want to become one.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function HostRequests() {
  const [query, setQuery] = useListQuery(pageQuerySchema);
  const hosts = useHostList(query);
  const setPage = (page: number) => setQuery({ page });

  return (
    <Grid gap="lg">
      {/* The requests waiting for a decision come first (on a phone, above the hosts). */}
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <HostRequestPanel />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="md">
          <ListTitle title="Hosts" count={hosts.data?.meta.total} />
          <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
            {hosts.isPending ? (
              <Center py="xl">
                <Loader role="status" aria-label="Loading hosts" />
              </Center>
            ) : hosts.isError ? (
              <LoadError
                title="The hosts could not be loaded"
                error={hosts.error}
                onRetry={() => void hosts.refetch()}
              />
            ) : hosts.data.items.length === 0 ? (
              <Stack align="center" gap="xs" py="xl">
                <Text fw={700}>No hosts yet</Text>
                <Text c="dimmed" size="sm" ta="center">
                  Approve a request, or choose Make a host in a user's menu on the Users page.
                </Text>
              </Stack>
            ) : (
              <Stack gap="md">
                <HostList hosts={hosts.data.items} />
                <ListFooter meta={hosts.data.meta} onPage={setPage} />
              </Stack>
            )}
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

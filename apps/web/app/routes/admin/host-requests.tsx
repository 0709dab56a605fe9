import { endpoints } from "@serene/contract/endpoints";
import { Center, Loader, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { type HostRequest, hostRequestSorts } from "@serene/contract";
import { useState } from "react";
import { AdminList } from "../../components/ui/admin-list";
import { ListFooter } from "../../components/ui/list-footer";
import { ListTitle } from "../../components/ui/list-title";
import { LoadError } from "../../components/ui/load-error";
import { hostRequestTable } from "../../features/hosts/components/host-request-table";
import { useDecideHostRequest } from "../../features/hosts/actions";
import { useHostRequestFilters, useHostRequests } from "../../features/hosts/api";
import { HostList } from "../../features/users/components/host-list";
import { useHostList } from "../../features/users/api";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { PAGE_SIZE } from "../../lib/use-list-query";
import type { Route } from "./+types/host-requests";

const page: PageInfo = {
  title: "Host request",
  description: "Hosts, and the requests of users who want to become one.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

const stateOptions: { value: HostRequest["state"]; label: string }[] = [
  { value: "pending", label: "Waiting" },
  { value: "approved", label: "Approved" },
  { value: "declined", label: "Declined" },
];

const emptyText = {
  pending: "No requests waiting for a decision",
  approved: "No approved requests",
  declined: "No declined requests",
};

export default function HostRequests() {
  const [query, setQuery] = useHostRequestFilters();
  const requests = useHostRequests(query);
  const waiting = useHostRequests({ state: "pending", page: 1, limit: 1 }).data?.meta.total;
  const decide = useDecideHostRequest();

  return (
    <Stack gap="xl">
      {/* The requests waiting for a decision come first, the hosts after them. */}
      <AdminList
        title="Become a host requests"
        pending={{ count: waiting, label: "waiting" }}
        exportEndpoint={endpoints.hosts.exportRequests}
        list={requests}
        toolbar={
          <SegmentedControl
            data={stateOptions}
            value={query.state}
            onChange={(value) => setQuery({ state: value as HostRequest["state"] })}
            size="xs"
            style={{ maxWidth: "24rem" }}
            aria-label="Requests to show"
          />
        }
        loadingLabel="Loading host requests"
        errorTitle="The host requests could not be loaded"
        empty={
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {emptyText[query.state]}.
          </Text>
        }
        query={query}
        setQuery={setQuery}
        sorts={hostRequestSorts}
        table={{ ...hostRequestTable(decide), label: "Host requests" }}
      />
      <Hosts />
    </Stack>
  );
}

/** The users with the host role, a page at a time. */
function Hosts() {
  const [hostPage, setHostPage] = useState(1);
  const hosts = useHostList({ page: hostPage, limit: PAGE_SIZE });
  return (
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
            <ListFooter meta={hosts.data.meta} onPage={setHostPage} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

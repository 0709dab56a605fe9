import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { HostRequest } from "@serene/contract";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { UserAvatar } from "../../../components/entities/user-avatar";
import { userName } from "../../../components/entities/user-name";
import { LoadError } from "../../../components/ui/load-error";
import { formatCount, formatDate, formatDateTime, formatRelative } from "../../../lib/format";
import { PAGE_SIZE } from "../../../lib/use-list-query";
import type { HostRequestState } from "../api/host-requests";
import { useDecideHostRequest } from "../hooks/use-decide-host-request";
import { useHostRequests } from "../hooks/use-hosts";
import { ExportCsvButton } from "../../../components/ui/export-csv-button";

const stateOptions = [
  { value: "pending", label: "Waiting" },
  { value: "approved", label: "Approved" },
  { value: "declined", label: "Declined" },
];

/** "Become a host requests": each with picture and reason; Approve and Decline for those waiting. */
export function HostRequestPanel() {
  const [state, setState] = useState<HostRequestState>("pending");
  const [page, setPage] = useState(1);
  const requests = useHostRequests({ state, page, limit: PAGE_SIZE });
  const decide = useDecideHostRequest();
  const pending = useHostRequests({ state: "pending", page: 1, limit: PAGE_SIZE });
  const waiting = pending.data?.meta.total;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "sm", sm: "md" }}
      component="section"
      aria-labelledby="host-requests"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id="host-requests">
            Become a host requests
          </Title>
          {waiting !== undefined && waiting > 0 && (
            <Badge variant="filled" radius="sm" aria-label={`${waiting} waiting`}>
              {formatCount(waiting)}
            </Badge>
          )}
        </Group>
        <SegmentedControl
          data={stateOptions}
          value={state}
          onChange={(value) => {
            setState(value as HostRequestState);
            setPage(1);
          }}
          size="xs"
          fullWidth
          aria-label="Requests to show"
        />
        <Group justify="flex-end">
          <ExportCsvButton
            path="/user/host-requests"
            filter={{ state }}
            disabled={requests.data?.meta.total === 0}
          />
        </Group>
        {requests.isPending ? (
          <Center py="lg">
            <Loader role="status" aria-label="Loading host requests" />
          </Center>
        ) : requests.isError ? (
          <LoadError
            title="The host requests could not be loaded"
            error={requests.error}
            onRetry={() => void requests.refetch()}
          />
        ) : requests.data.items.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {state === "pending" ? "No requests waiting for a decision." : `No ${state} requests.`}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {requests.data.items.map((request) => (
              <RequestCard key={request._id} request={request} onDecide={decide} />
            ))}
          </Stack>
        )}
        {requests.data && requests.data.meta.pages > 1 && (
          <Group justify="center">
            <Pagination
              total={requests.data.meta.pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ "aria-label": `${control} page of requests` })}
              getItemProps={(item) => ({ "aria-label": `Requests page ${item}` })}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The reason, three lines at first; a long one opens with Show more. */
function Reason({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 140 || text.split("\n").length > 3;
  return (
    <div>
      <Text
        size="sm"
        mt={4}
        lineClamp={long && !open ? 3 : undefined}
        style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}
      >
        {text}
      </Text>
      {long && (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen((value) => !value)}>
          {open ? "Show less" : "Show more"}
        </Anchor>
      )}
    </div>
  );
}

function RequestCard({
  request,
  onDecide,
}: {
  request: HostRequest;
  onDecide: (request: HostRequest, decision: "approve" | "decline") => void;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`Request from ${request.username}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {request.image ? (
          <Image src={request.image} alt="" w={56} h={56} radius="md" fit="cover" style={{ flexShrink: 0 }} />
        ) : (
          <UserAvatar user={request} size={56} />
        )}
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap={4} wrap="nowrap" align="baseline">
            <Text fw={700} size="sm" truncate>
              {userName(request)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              <time dateTime={request.time_created} title={formatDateTime(request.time_created)}>
                {formatRelative(request.time_created)}
              </time>
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {request.email}
          </Text>
          <Reason text={request.reason} />
        </Stack>
      </Group>
      {request.state === "pending" ? (
        <Group mt="sm" gap="xs" grow>
          <Button
            size="xs"
            leftSection={<IconCheck size={16} aria-hidden="true" />}
            aria-label={`Approve ${request.username}`}
            onClick={() => onDecide(request, "approve")}
          >
            Approve
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={16} aria-hidden="true" />}
            aria-label={`Decline ${request.username}`}
            onClick={() => onDecide(request, "decline")}
          >
            Decline
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed" mt="xs">
          {request.state === "approved" ? "Approved" : "Declined"}
          {request.decidedAt ? ` on ${formatDate(request.decidedAt)}` : ""}
        </Text>
      )}
    </Paper>
  );
}

import { Anchor, Button, Group, Image, Stack, Text } from "@mantine/core";
import type { HostRequest } from "@serene/contract";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { UserAvatar } from "../../../components/entities/user-avatar";
import { userName } from "../../../components/entities/user-name";
import { type DataColumn, type DataTableProps } from "../../../components/ui/data-table";
import { formatDate, formatDateTime, formatRelative } from "../../../lib/format";

type Decide = (request: HostRequest, decision: "approve" | "decline") => void;

/** The reason, three lines at first; a long one opens with Show more. */
function Reason({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 140 || text.split("\n").length > 3;
  return (
    <div>
      <Text
        size="sm"
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

/** The request's picture, or the user's avatar. */
function Picture({ request, size }: { request: HostRequest; size: number }) {
  return request.image ? (
    <Image src={request.image} alt="" w={size} h={size} radius="md" fit="cover" style={{ flexShrink: 0 }} />
  ) : (
    <UserAvatar user={request} size={size} />
  );
}

function Requested({ request }: { request: HostRequest }) {
  return (
    <time dateTime={request.time_created} title={formatDateTime(request.time_created)}>
      {formatRelative(request.time_created)}
    </time>
  );
}

/** Approve and Decline for a waiting request (each asks first); the decision and its date otherwise. */
function Decision({ request, onDecide }: { request: HostRequest; onDecide: Decide }) {
  if (request.state !== "pending")
    return (
      <Text size="xs" c="dimmed">
        {request.state === "approved" ? "Approved" : "Declined"}
        {request.decidedAt ? ` on ${formatDate(request.decidedAt)}` : ""}
        {request.decisionReason ? `: ${request.decisionReason}` : ""}
      </Text>
    );
  return (
    <Group gap="xs" wrap="nowrap">
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
  );
}

/** Become-a-host requests' columns and, on phones, their cards: picture, reason, Approve and Decline. */
export function hostRequestTable(onDecide: Decide): Omit<DataTableProps<HostRequest>, "rows" | "label"> {
  const columns: DataColumn<HostRequest>[] = [
    {
      header: "User",
      sort: "name",
      td: { miw: 160 },
      cell: (r) => (
        <Group gap="sm" wrap="nowrap">
          <Picture request={r} size={40} />
          <Text fw={700} size="sm" style={{ overflowWrap: "anywhere" }}>
            {userName(r)}
          </Text>
        </Group>
      ),
    },
    {
      header: "E-mail",
      sort: "email",
      td: { miw: 170 },
      cell: (r) => (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {r.email}
        </Text>
      ),
    },
    { header: "Reason", td: { miw: 200 }, cell: (r) => <Reason text={r.reason} /> },
    {
      header: "Requested",
      sort: "created",
      td: { style: { whiteSpace: "nowrap" } },
      cell: (r) => <Requested request={r} />,
    },
    { header: "Decision", cell: (r) => <Decision request={r} onDecide={onDecide} /> },
  ];

  return {
    rowKey: (r) => r._id,
    columns,
    minWidth: 880,
    rowProps: (r) => ({ "aria-label": `Request from ${r.username}` }),
    card: (r) => (
      <Stack gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Picture request={r} size={56} />
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Group justify="space-between" gap={4} wrap="nowrap" align="baseline">
              <Text fw={700} size="sm" truncate>
                {userName(r)}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                <Requested request={r} />
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {r.email}
            </Text>
            <Reason text={r.reason} />
          </Stack>
        </Group>
        <Decision request={r} onDecide={onDecide} />
      </Stack>
    ),
  };
}

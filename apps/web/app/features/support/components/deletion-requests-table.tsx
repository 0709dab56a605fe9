import { ActionIcon, Group, Menu, Stack, Text } from "@mantine/core";
import type { DeletionRequest, DeletionState } from "@serene/contract";
import { IconDots, IconTrash, IconX } from "@tabler/icons-react";
import { type DataColumn, type DataTableProps, numericCell } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { StateBadge, type StateLook } from "../../../components/ui/state-badge";
import { formatDate } from "../../../lib/format";
import type { DeletionDecision } from "../actions";

export const deletionStateLooks: Record<DeletionState, StateLook> = {
  pending: { label: "Pending", color: "yellow" },
  executed: { label: "Executed", color: "red" },
  cancelled: { label: "Cancelled", color: "gray" },
};

type Decide = (request: DeletionRequest, decision: DeletionDecision) => void;

/** Who closed it and when: "by ana@… on 3/14/2026", or "automatically" for the scheduled sweep. */
function closedNote(request: DeletionRequest): string | null {
  if (request.state === "pending") return null;
  const by = request.executedByEmail ? `by ${request.executedByEmail}` : "automatically";
  return request.executedAt ? `${by} on ${formatDate(request.executedAt)}` : by;
}

function State({ request }: { request: DeletionRequest }) {
  const note = closedNote(request);
  return (
    <Stack gap={2} align="flex-start">
      <StateBadge look={deletionStateLooks[request.state]} />
      {note && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** The account of the e-mail (none when there was none, or once deleted), and whether it was used since. */
function Account({ request, labelled = false }: { request: DeletionRequest; labelled?: boolean }) {
  if (!request.userID) {
    return (
      <Text size="sm" c="dimmed">
        No account
      </Text>
    );
  }
  const name = request.username ?? "exists";
  return (
    <div>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {labelled ? `Account: ${name}` : name}
      </Text>
      {request.activeSinceRequest && request.state === "pending" && (
        <Text size="xs" c="orange.9" title="The scheduled sweep cancels the request instead of deleting">
          Used the app since asking
        </Text>
      )}
    </div>
  );
}

function Due({ request }: { request: DeletionRequest }) {
  return request.state === "pending" ? <DateText iso={request.dueAt} /> : <Text c="dimmed">—</Text>;
}

function Reason({ request }: { request: DeletionRequest }) {
  return request.reason ? (
    <Text size="sm" lineClamp={2} title={request.reason} style={{ overflowWrap: "anywhere" }}>
      {request.reason}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      No reason given
    </Text>
  );
}

/** Delete account now and Cancel request, for a pending request only. */
function RequestMenu({ request, onDecide }: { request: DeletionRequest; onDecide: Decide }) {
  if (request.state !== "pending") return null;
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${request.email}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconX size={16} aria-hidden="true" />}
          onClick={() => onDecide(request, "cancel")}
        >
          Cancel request
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => onDecide(request, "execute")}
        >
          Delete account now
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Account deletion requests' columns and, on phones, their cards. */
export function deletionRequestTable(
  onDecide: Decide,
): Omit<DataTableProps<DeletionRequest>, "rows" | "label"> {
  const columns: DataColumn<DeletionRequest>[] = [
    {
      header: "Email",
      sort: "email",
      td: { miw: 180 },
      cell: (r) => (
        <Text size="sm" fw={700} style={{ overflowWrap: "anywhere" }}>
          {r.email}
        </Text>
      ),
    },
    { header: "Account", cell: (r) => <Account request={r} /> },
    { header: "Reason", td: { miw: 180, maw: 300 }, cell: (r) => <Reason request={r} /> },
    { header: "State", sort: "state", td: { maw: 170 }, cell: (r) => <State request={r} /> },
    { header: "Requested", sort: "created", td: numericCell, cell: (r) => <DateText iso={r.createdAt} /> },
    { header: "Due", td: numericCell, cell: (r) => <Due request={r} /> },
    { header: "Action", td: { w: 56 }, cell: (r) => <RequestMenu request={r} onDecide={onDecide} /> },
  ];

  return {
    rowKey: (r) => r._id,
    columns,
    minWidth: 900,
    card: (r) => (
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text fw={700} lh={1.3} style={{ overflowWrap: "anywhere" }}>
            {r.email}
          </Text>
          <State request={r} />
          <Reason request={r} />
          <Text size="xs" c="dimmed">
            Requested <DateText iso={r.createdAt} />
            {r.state === "pending" && (
              <>
                {" "}
                · due <DateText iso={r.dueAt} />
              </>
            )}
          </Text>
          <Account request={r} labelled />
        </Stack>
        <RequestMenu request={r} onDecide={onDecide} />
      </Group>
    ),
  };
}

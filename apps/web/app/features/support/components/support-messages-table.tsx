import { Box, Button, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import type { SupportMessage } from "@serene/contract";
import { type DataColumn, type DataTableProps, numericCell } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { StateBadge } from "../../../components/ui/state-badge";

const unreadLook = { label: "Unread", color: "serene" };
const readLook = { label: "Read", color: "gray" };
const repliedLook = { label: "Replied", color: "teal" };

/** Where a message stands: Unread, Read, or Replied once the back office has answered it. */
export function ReadBadge({ message }: { message: SupportMessage }) {
  return <StateBadge look={message.repliedAt ? repliedLook : message.readAt ? readLook : unreadLook} />;
}

const openLabel = (message: SupportMessage) => `Open “${message.subject}” from ${message.fullName}`;

/** The start of the message, on one line. */
function Preview({ message }: { message: SupportMessage }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: "anywhere" }}>
      {message.message}
    </Text>
  );
}

/** The support inbox's columns: unread messages stand out; a click on a row (or Open) shows the whole message. */
export function supportMessageTable(
  onOpen: (message: SupportMessage) => void,
): Omit<DataTableProps<SupportMessage>, "rows" | "label"> {
  const weight = (message: SupportMessage) => (message.readAt ? 400 : 700);
  const columns: DataColumn<SupportMessage>[] = [
    { header: "Status", sort: "read", td: { w: 1 }, cell: (m) => <ReadBadge message={m} /> },
    {
      header: "From",
      sort: "name",
      td: { miw: 180, maw: 260 },
      cell: (m) => (
        <>
          <Text size="sm" fw={weight(m)} style={{ overflowWrap: "anywhere" }}>
            {m.fullName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {m.email}
          </Text>
        </>
      ),
    },
    {
      header: "Message",
      td: { miw: 260 },
      cell: (m) => (
        <>
          <Text size="sm" fw={weight(m)} lineClamp={1} style={{ overflowWrap: "anywhere" }}>
            {m.subject}
          </Text>
          <Preview message={m} />
        </>
      ),
    },
    {
      header: "Received",
      sort: "created",
      td: numericCell,
      cell: (m) => <DateText iso={m.createdAt} />,
    },
    {
      header: "Action",
      td: { w: 1 },
      cell: (m) => (
        <Button
          size="xs"
          variant={m.readAt ? "default" : "light"}
          aria-label={openLabel(m)}
          onClick={() => onOpen(m)}
        >
          Open
        </Button>
      ),
    },
  ];

  return {
    rowKey: (m) => m._id,
    columns,
    minWidth: 820,
    onRowClick: onOpen,
    card: (m) => (
      <UnstyledButton aria-label={openLabel(m)} onClick={() => onOpen(m)} w="100%">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Box miw={0}>
              <Text fw={weight(m)} lh={1.3} style={{ overflowWrap: "anywhere" }}>
                {m.fullName}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {m.email}
              </Text>
            </Box>
            <ReadBadge message={m} />
          </Group>
          <Text size="sm" fw={weight(m)} lineClamp={1} style={{ overflowWrap: "anywhere" }}>
            {m.subject}
          </Text>
          <Preview message={m} />
          <Text size="xs" c="dimmed">
            <DateText iso={m.createdAt} />
          </Text>
        </Stack>
      </UnstyledButton>
    ),
  };
}

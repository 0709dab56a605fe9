import { Avatar, Group, Paper, Stack, Table, Text, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { User } from "@serene/contract";
import { formatDate, formatDateTime } from "../../../lib/format";
import { MoodBadge } from "../../resources/components/mood-badge";
import { useUserDialogs } from "../hooks/use-user-dialogs";
import { SubscriptionBadge } from "./subscription-badge";
import { UserActionsMenu } from "./user-actions-menu";

const columns = ["User", "Email", "Mood", "Subscription", "Date", "Action"] as const;

interface UsersTableProps {
  users: User[];
  /** Names the table for screen readers ("Users", "Recent Signups"). */
  label: string;
}

/**
 * Users with the row menu (Make a host, Edit Profile, Send Message, Delete Profile): a table, or
 * on phones a list of cards. The users page and the dashboard's Recent Signups both show it.
 */
export function UsersTable({ users, label }: UsersTableProps) {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const { openEdit, openMessage, dialogs } = useUserDialogs();
  const menu = (user: User) => <UserActionsMenu user={user} onEdit={openEdit} onMessage={openMessage} />;

  return (
    <>
      {phone ? (
        <Stack gap="sm" component="ul" m={0} p={0} aria-label={label} style={{ listStyle: "none" }}>
          {users.map((user) => (
            <Paper key={user._id} component="li" withBorder radius="md" p="sm">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <UserAvatar user={user} />
                <Stack gap={4} miw={0} style={{ flex: 1 }}>
                  <Text fw={700} lh={1.3} truncate>
                    {user.username}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {user.email}
                  </Text>
                  <Group gap={6}>
                    {user.mood && <MoodBadge mood={user.mood} />}
                    <SubscriptionBadge status={user.status} />
                    <Text size="xs" c="dimmed">
                      <Joined user={user} />
                    </Text>
                  </Group>
                </Stack>
                {menu(user)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column}
                    tt="uppercase"
                    fz="xs"
                    c="dimmed"
                    style={{ letterSpacing: "0.04em", whiteSpace: "nowrap" }}
                  >
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user._id}>
                  <Table.Td miw={180}>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar user={user} />
                      <div style={{ minWidth: 0 }}>
                        <Text fw={700} size="sm" truncate maw={220}>
                          {user.username}
                        </Text>
                        {user.user_role !== "user" && (
                          <Text size="xs" c="dimmed">
                            {user.user_role === "host" ? "Host" : "Admin"}
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {user.mood ? (
                      <MoodBadge mood={user.mood} />
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <SubscriptionBadge status={user.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
                    <Joined user={user} />
                  </Table.Td>
                  <Table.Td w={56}>{menu(user)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialogs}
    </>
  );
}

export function UserAvatar({ user, size = 36 }: { user: Pick<User, "image" | "username">; size?: number }) {
  return <Avatar src={user.image} alt="" name={user.username} color="initials" radius="xl" size={size} />;
}

function Joined({ user }: { user: User }) {
  return (
    <time dateTime={user.time_created} title={formatDateTime(user.time_created)}>
      {formatDate(user.time_created)}
    </time>
  );
}

import { Group, Stack, Text } from "@mantine/core";
import type { User } from "@serene/contract";
import { MoodBadge } from "../../../components/entities/mood-badge";
import { UserAvatar } from "../../../components/entities/user-avatar";
import { type DataColumn, DataTable } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { useUserDialogs } from "../hooks/use-user-dialogs";
import { InvitedBadge, SubscriptionBadge } from "./subscription-badge";
import { UserActionsMenu } from "./user-actions-menu";

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
  const { openEdit, openMessage, dialogs } = useUserDialogs();
  const menu = (user: User) => <UserActionsMenu user={user} onEdit={openEdit} onMessage={openMessage} />;

  const columns: DataColumn<User>[] = [
    {
      header: "User",
      td: { miw: 180 },
      cell: (user) => (
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
      ),
    },
    {
      header: "Email",
      cell: (user) => (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {user.email}
        </Text>
      ),
    },
    {
      header: "Mood",
      cell: (user) =>
        user.mood ? (
          <MoodBadge mood={user.mood} />
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      header: "Subscription",
      cell: (user) => (
        <Group gap={6} wrap="nowrap">
          <SubscriptionBadge status={user.status} />
          {user.invited && <InvitedBadge />}
        </Group>
      ),
    },
    {
      header: "Date",
      td: { style: { whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" } },
      cell: (user) => <DateText iso={user.time_created} />,
    },
    { header: "Action", td: { w: 56 }, cell: menu },
  ];

  return (
    <>
      <DataTable
        rows={users}
        rowKey={(user) => user._id}
        label={label}
        columns={columns}
        minWidth={760}
        card={(user) => (
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
                {user.invited && <InvitedBadge />}
                <Text size="xs" c="dimmed">
                  <DateText iso={user.time_created} />
                </Text>
              </Group>
            </Stack>
            {menu(user)}
          </Group>
        )}
      />
      {dialogs}
    </>
  );
}

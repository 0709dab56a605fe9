import { Group, Stack, Text } from "@mantine/core";
import type { User } from "@serene/contract";
import type { ReactNode } from "react";
import { MoodBadge } from "../../../components/entities/mood-badge";
import { UserAvatar } from "../../../components/entities/user-avatar";
import {
  type DataColumn,
  DataTable,
  type DataTableProps,
  numericCell,
} from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { useUserDialogs } from "../actions";
import { InvitedBadge, SubscriptionBadge } from "./subscription-badge";
import { UserActionsMenu } from "./user-actions-menu";

/**
 * The users' columns (sortable by the list's fields), their cards on phones and the row menu
 * (Make a host, Edit Profile, Send Message, Delete Profile) with its dialogs: the users page and
 * the dashboard's Recent Signups both show them.
 */
export function useUsersTable(): { table: Omit<DataTableProps<User>, "rows" | "label">; dialogs: ReactNode } {
  const { openEdit, openMessage, dialogs } = useUserDialogs();
  const menu = (user: User) => <UserActionsMenu user={user} onEdit={openEdit} onMessage={openMessage} />;

  const columns: DataColumn<User>[] = [
    {
      header: "User",
      sort: "username",
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
      sort: "email",
      cell: (user) => (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {user.email}
        </Text>
      ),
    },
    {
      header: "Mood",
      sort: "mood",
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
      sort: "subscription",
      cell: (user) => (
        <Group gap={6} wrap="nowrap">
          <SubscriptionBadge status={user.status} />
          {user.invited && <InvitedBadge />}
        </Group>
      ),
    },
    {
      header: "Date",
      sort: "created",
      td: numericCell,
      cell: (user) => <DateText iso={user.time_created} />,
    },
    { header: "Action", td: { w: 56 }, cell: menu },
  ];

  return {
    table: {
      rowKey: (user) => user._id,
      columns,
      minWidth: 800,
      card: (user) => (
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
      ),
    },
    dialogs,
  };
}

/** A short table of users without sorting or picking (the dashboard's Recent Signups). */
export function UsersTable({ users, label }: { users: User[]; label: string }) {
  const { table, dialogs } = useUsersTable();
  return (
    <>
      <DataTable {...table} rows={users} label={label} />
      {dialogs}
    </>
  );
}

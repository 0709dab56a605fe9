import { ActionIcon, Box, Group, Indicator, Menu, ScrollArea, Text, ThemeIcon } from "@mantine/core";
import type { Notification } from "@serene/contract";
import {
  IconChecks,
  IconCreditCard,
  IconLifebuoy,
  IconMicrophone2,
  IconUserX,
  type TablerIcon,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { formatDateTime, formatRelative } from "../../../lib/format";
import { notifyFailure } from "../../../lib/notify";
import { type listNotifications, markNotificationsRead } from "../api/activity";
import { activityKeys, useNotifications } from "../hooks/use-activity";

type Kind = Notification["kind"];

const kinds: Record<Kind, { icon: TablerIcon; color: string; to?: string }> = {
  host_request: { icon: IconMicrophone2, color: "violet", to: "/admin/hostrequest" },
  deletion_request: { icon: IconUserX, color: "red" },
  purchase: { icon: IconCreditCard, color: "green" },
  support_message: { icon: IconLifebuoy, color: "orange" },
};

interface InboxMenuProps {
  label: string;
  icon: TablerIcon;
  /** The kinds of alert this dropdown lists. */
  kinds: readonly Kind[];
  emptyText: string;
}

/**
 * A top-bar button with the latest alerts of some kinds and how many are unread. Both dropdowns
 * read one answer, asked for again every minute; opening an alert marks it read.
 */
export function InboxMenu({ label, icon: ButtonIcon, kinds: shownKinds, emptyText }: InboxMenuProps) {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const items = (notifications.data?.data ?? []).filter((item) => shownKinds.includes(item.kind));
  const unread = items.filter((item) => !item.read);
  const count = unread.length;

  return (
    <Menu position="bottom-end" width={340} withinPortal>
      {/* The badge sits beside the button, so the button alone is the menu's target. */}
      <Indicator
        label={count > 99 ? "99+" : count}
        size={18}
        offset={6}
        disabled={count === 0}
        color="red"
        withBorder
        styles={{ indicator: { fontWeight: 700, fontSize: 11, pointerEvents: "none" } }}
      >
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={count ? `${label}, ${count} unread` : label}
          >
            <ButtonIcon size={20} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown>
        <Group justify="space-between" px="sm" pt={6} pb={4}>
          <Text fw={700} size="sm">
            {label}
          </Text>
          {count > 0 && (
            <Text size="xs" c="dimmed">
              {count} unread
            </Text>
          )}
        </Group>
        {notifications.isError && items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" pb="sm">
            {notifications.error.message}
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" pb="sm">
            {notifications.isPending ? "Loading…" : emptyText}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={380} type="auto">
            {items.map((item) => (
              <InboxItem
                key={item._id}
                item={item}
                onOpen={() => {
                  if (!item.read) markRead([item._id]);
                  const to = kinds[item.kind].to;
                  if (to) navigate(to);
                }}
              />
            ))}
          </ScrollArea.Autosize>
        )}
        {count > 0 && (
          <>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconChecks size={16} aria-hidden="true" />}
              onClick={() => markRead(unread.map((item) => item._id))}
            >
              Mark all as read
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function InboxItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const kind = kinds[item.kind];
  return (
    <Menu.Item
      onClick={onOpen}
      leftSection={
        <ThemeIcon variant="light" color={kind.color} radius="xl" size="md">
          <kind.icon size={16} aria-hidden="true" />
        </ThemeIcon>
      }
      rightSection={
        item.read ? undefined : (
          <Box w={8} h={8} bg="red" style={{ borderRadius: "50%" }} aria-label="unread" role="img" />
        )
      }
      style={{ alignItems: "flex-start" }}
    >
      <Text size="sm" fw={item.read ? 500 : 800} lh={1.3}>
        {item.title}
      </Text>
      {item.body && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {item.body}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2}>
        <time dateTime={item.time_created} title={formatDateTime(item.time_created)}>
          {formatRelative(item.time_created)}
        </time>
      </Text>
    </Menu.Item>
  );
}

type NotificationsAnswer = Awaited<ReturnType<typeof listNotifications>>;

/** Marks alerts read at once on screen, then on the server. */
function useMarkRead() {
  const queryClient = useQueryClient();
  return useCallback(
    (ids: string[]) => {
      const marked = new Set(ids);
      queryClient.setQueryData<NotificationsAnswer>(activityKeys.notifications, (answer) => {
        if (!answer) return answer;
        const list = answer.data.data.map((item) => (marked.has(item._id) ? { ...item, read: true } : item));
        const newlyRead = answer.data.data.filter((item) => marked.has(item._id) && !item.read).length;
        return { ...answer, data: { data: list, unread: Math.max(0, answer.data.unread - newlyRead) } };
      });
      markNotificationsRead(ids)
        .catch((error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure("The alerts were not marked read", error.message);
        })
        .finally(() => void queryClient.invalidateQueries({ queryKey: activityKeys.notifications }));
    },
    [queryClient],
  );
}

import { ActionIcon, Box, Group, Indicator, Menu, ScrollArea, Text, ThemeIcon } from "@mantine/core";
import type { Notification } from "@serene/contract";
import {
  IconChecks,
  IconClipboardCheck,
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
import { reviewPath } from "../../../lib/review-paths";
import { notifyFailure } from "../../../lib/notify";
import { activityKeys, type listNotifications, markNotificationsRead, useNotifications } from "../api";
import { useRefreshAfter } from "../../../lib/query-keys";

type Kind = Notification["kind"];

/** Each kind's look, and the page that deals with one alert of it. */
const kinds: Record<
  Kind,
  { icon: TablerIcon; color: string; to: (item: Notification) => string; noun: [string, string] }
> = {
  content_submission: {
    icon: IconClipboardCheck,
    color: "yellow",
    to: (item) => reviewPath(item.entityId ?? ""),
    noun: ["submission", "submissions"],
  },
  host_request: {
    icon: IconMicrophone2,
    color: "violet",
    to: () => "/admin/hostrequest",
    noun: ["host request", "host requests"],
  },
  deletion_request: {
    icon: IconUserX,
    color: "red",
    to: () => "/admin/deletion-requests",
    noun: ["deletion request", "deletion requests"],
  },
  purchase: {
    icon: IconCreditCard,
    color: "green",
    to: () => "/admin/purchases",
    noun: ["purchase", "purchases"],
  },
  support_message: {
    icon: IconLifebuoy,
    color: "orange",
    to: () => "/admin/support",
    noun: ["message", "messages"],
  },
};

/** "2 host requests, 1 purchase unread": the unread alerts by kind, for the dropdown's heading. */
function unreadSummary(byKind: Record<Kind, number>, shownKinds: readonly Kind[]) {
  const parts = shownKinds
    .filter((kind) => byKind[kind] > 0)
    .map((kind) => `${byKind[kind]} ${kinds[kind].noun[byKind[kind] === 1 ? 0 : 1]}`);
  return `${parts.join(", ")} unread`;
}

interface InboxMenuProps {
  label: string;
  icon: TablerIcon;
  /** The kinds of alert this dropdown lists. */
  kinds: readonly Kind[];
  emptyText: string;
}

/**
 * A top-bar button with the latest alerts of some kinds and how many are unread (counted by the
 * server over all of them, not only those listed), asked for again every minute; opening an
 * alert marks it read and goes to the page that deals with it.
 */
export function InboxMenu({ label, icon: ButtonIcon, kinds: shownKinds, emptyText }: InboxMenuProps) {
  const notifications = useNotifications(shownKinds);
  const markRead = useMarkRead(shownKinds);
  const navigate = useNavigate();
  const items = notifications.data?.items ?? [];
  const count = notifications.data?.meta.unread ?? 0;

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
          {count > 0 && notifications.data && (
            <Text size="xs" c="dimmed">
              {unreadSummary(notifications.data.meta.unreadByKind, shownKinds)}
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
                  if (!item.read) markRead({ ids: [item._id] });
                  void navigate(kinds[item.kind].to(item));
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
              onClick={() => markRead({ kinds: [...shownKinds] })}
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
function useMarkRead(shownKinds: readonly Kind[]) {
  const queryClient = useQueryClient();
  const refreshAfter = useRefreshAfter();
  return useCallback(
    (which: { ids: string[] } | { kinds: Kind[] }) => {
      const isMarked = (item: Notification) => ("ids" in which ? which.ids.includes(item._id) : true);
      queryClient.setQueryData<NotificationsAnswer>(activityKeys.notificationsOf(shownKinds), (answer) => {
        if (!answer) return answer;
        const unreadByKind = { ...answer.meta.unreadByKind };
        for (const kind of shownKinds) {
          const readNow = answer.items.filter((item) => item.kind === kind && isMarked(item) && !item.read);
          unreadByKind[kind] = "ids" in which ? Math.max(0, unreadByKind[kind] - readNow.length) : 0;
        }
        const unread = shownKinds.reduce((sum, kind) => sum + unreadByKind[kind], 0);
        const items = answer.items.map((item) => (isMarked(item) ? { ...item, read: true } : item));
        return { items, meta: { ...answer.meta, unread, unreadByKind } };
      });
      markNotificationsRead(which)
        .catch((error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure("The alerts were not marked read", error.message);
        })
        .finally(() => void refreshAfter("notifications"));
    },
    [queryClient, refreshAfter, shownKinds],
  );
}

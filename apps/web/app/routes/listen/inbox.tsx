import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { LoadError } from "../../components/ui/load-error";
import { markAllMessagesRead, markMessageRead } from "../../features/listen/account/api";
import { PageLoading } from "../../features/listen/shared/cover-art";
import { LinkedText } from "../../features/listen/shared/linked-text";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { sayError } from "../../features/listen/shared/error-words";
import { messagesQuery } from "../../features/listen/account/api";
import { listenKeys, listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { formatRelative } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { notifyFailure } from "../../lib/notify";

export const meta = () => pageMeta({ title: "Inbox", description: "Messages from Serene." });

export default function Inbox() {
  const messages = useInfiniteQuery(messagesQuery);
  const read = useMutation({
    mutationFn: markMessageRead,
    onSettled: () => listenQueryClient.invalidateQueries({ queryKey: listenKeys.messages }),
  });
  const readAll = useMutation({
    mutationFn: markAllMessagesRead,
    onError: (error) => notifyFailure("Could not mark the messages read", sayError(error)),
    onSettled: () => listenQueryClient.invalidateQueries({ queryKey: listenKeys.messages }),
  });
  const unread = messages.data?.pages[0]?.meta.unread ?? 0;
  return (
    <Stack gap="md" maw={720}>
      <PageHeading
        title="Inbox"
        intro={unread ? `${unread} unread` : "All read"}
        action={
          unread > 0 ? (
            <Button variant="light" onClick={() => readAll.mutate()} loading={readAll.isPending}>
              Mark all read
            </Button>
          ) : undefined
        }
      />
      {messages.isPending && <PageLoading label="Loading your messages" />}
      {messages.isError && (
        <LoadError
          title="Could not load your messages"
          error={messages.error}
          onRetry={() => void messages.refetch()}
        />
      )}
      {messages.data && messages.data.pages[0]?.items.length === 0 && (
        <Text c="dimmed">No messages yet.</Text>
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {messages.data?.pages
          .flatMap((page) => page.items)
          .map((m) => (
            <Card
              component="li"
              key={m._id}
              withBorder
              radius="lg"
              padding="md"
              style={m.read ? undefined : { borderColor: "var(--mantine-primary-color-filled)" }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={800}>
                    {m.title}
                    {!m.read && (
                      <Badge size="xs" ml={8}>
                        New
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatRelative(m.sentAt)}
                  </Text>
                </div>
                {!m.read && (
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => read.mutate(m._id)}
                    aria-label={`Mark "${m.title}" as read`}
                  >
                    Mark read
                  </Button>
                )}
              </Group>
              <Text mt="xs" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                <LinkedText text={m.message} />
              </Text>
            </Card>
          ))}
      </Stack>
      {messages.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void messages.fetchNextPage()}
          loading={messages.isFetchingNextPage}
        >
          Show more
        </Button>
      )}
    </Stack>
  );
}

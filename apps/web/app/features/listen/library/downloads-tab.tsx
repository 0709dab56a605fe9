import { ActionIcon, Button, Card, Group, Loader, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useDownloads } from "./use-downloads";
import { formatBytes, formatDuration } from "../shared/format";
import { player } from "../player/player-engine";
import { CoverImage } from "../shared/cover-image";

export function Downloads() {
  const { list, bytes, remove, clear } = useDownloads();
  if (list.isPending) return <Loader aria-label="Loading your downloads" />;
  const items = list.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text data-testid="downloads-used">
          {items.length} {items.length === 1 ? "item" : "items"} · {formatBytes(bytes)} on this device
        </Text>
        <Button
          variant="light"
          color="red"
          size="xs"
          disabled={items.length === 0}
          onClick={() => clear.mutate()}
        >
          Remove all
        </Button>
      </Group>
      {items.length === 0 && <Text c="dimmed">Download items to listen without a connection.</Text>}
      <Stack
        gap="xs"
        component="ul"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
        aria-label="Downloads"
      >
        {items.map(({ resource, bytes: size }) => (
          <Card component="li" key={resource._id} withBorder radius="lg" padding="xs">
            <Group wrap="nowrap" gap="sm">
              {resource.image && <CoverImage src={resource.image} sizes="thumb" w={48} h={48} radius="md" />}
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text fw={700} size="sm" truncate>
                  {resource.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDuration(resource)} · {formatBytes(size)}
                </Text>
              </div>
              <Button
                size="xs"
                onClick={() =>
                  player.open(
                    resource,
                    items.map((d) => d.resource),
                  )
                }
                aria-label={`Play ${resource.title}`}
              >
                Play
              </Button>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => remove.mutate(resource._id)}
                aria-label={`Remove ${resource.title}`}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

import { ActionIcon, Button, Card, Center, Group, Loader, Stack, Tabs, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "../../components/ui/load-error";
import { PageLoading } from "../../features/listen/shared/cover-art";
import { InfiniteResources } from "../../features/listen/catalogue/infinite-resources";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { favouritesQuery, historyQuery } from "../../features/listen/library/api";
import { useDownloads } from "../../features/listen/library/use-downloads";
import { formatBytes, formatDuration } from "../../features/listen/shared/format";
import { isUnreachable, OfflineAsOf, OfflineNotice, useOnline } from "../../features/listen/shared/online";
import { player } from "../../features/listen/player/player-engine";
import { groupHistory } from "../../features/listen/library/history-groups";
import { HistoryList } from "../../features/listen/library/history-list";
import { pageMeta } from "../../lib/meta";
import { CoverImage } from "../../features/listen/shared/cover-image";

// The chart library loads only when the stats tab opens, not with every page of the app.
const StatsPanel = lazy(() =>
  import("../../features/listen/library/stats-panel").then((module) => ({ default: module.StatsPanel })),
);

export const meta = () =>
  pageMeta({ title: "Library", description: "Your favourites, history, downloads and stats." });

const tabs = ["favourites", "history", "downloads", "stats"] as const;
type Tab = (typeof tabs)[number];

export default function Library() {
  const [params, setParams] = useSearchParams();
  // Offline, the library opens on what still plays.
  const online = useOnline();
  const tab: Tab = tabs.find((t) => t === params.get("tab")) ?? (online ? "favourites" : "downloads");
  return (
    <Stack gap="md">
      <PageHeading title="Library" />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value && value !== "favourites" ? { tab: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="favourites">Favourites</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="downloads">Downloads</Tabs.Tab>
          <Tabs.Tab value="stats">Stats</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="favourites">
          <InfiniteResources
            query={favouritesQuery}
            label="Favourites"
            empty="No favourites yet: tap the heart on anything you love."
          />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <History />
        </Tabs.Panel>
        <Tabs.Panel value="downloads">
          <Downloads />
        </Tabs.Panel>
        <Tabs.Panel value="stats">
          <Suspense fallback={<PageLoading label="Loading your stats" />}>
            <StatsPanel />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function History() {
  const history = useInfiniteQuery(historyQuery);
  if (history.isPending) return <PageLoading label="Loading your history" />;
  if (history.isError)
    return isUnreachable(history.error) ? (
      <OfflineNotice />
    ) : (
      <LoadError
        title="Could not load your history"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  const groups = groupHistory(history.data.pages.flatMap((page) => page.items));
  if (groups.length === 0) return <Text c="dimmed">Nothing listened yet.</Text>;
  const asOf = history.data.pages[0]?.asOf;
  return (
    <Stack gap="xs">
      {asOf && <OfflineAsOf asOf={asOf} what="your history" />}
      <HistoryList groups={groups}>
        {history.hasNextPage && !asOf && (
          <Center>
            <Button
              variant="light"
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              Show more
            </Button>
          </Center>
        )}
      </HistoryList>
    </Stack>
  );
}

function Downloads() {
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

import { Stack, Tabs } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { PageLoading } from "../../features/listen/shared/cover-art";
import { InfiniteResources } from "../../features/listen/catalogue/infinite-resources";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { favouritesQuery } from "../../features/listen/library/api";
import { useOnline } from "../../features/listen/shared/online";
import { pageMeta } from "../../lib/meta";
import { History } from "../../features/listen/library/history-tab";
import { Downloads } from "../../features/listen/library/downloads-tab";

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

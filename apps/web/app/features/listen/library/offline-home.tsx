import { Button, Stack, Text, Title } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ResourceRail } from "../catalogue/resource-card";
import { OfflineAsOf } from "../shared/online";
import { historyQuery } from "./api";
import { groupHistory } from "./history-groups";
import { HistoryList } from "./history-list";
import { useDownloads } from "./use-downloads";

const RECENT = 5;

/**
 * The home with no network: what is on this device. The downloads (which play), and the recent
 * history as last read (kept for offline, dated).
 */
export function OfflineHome() {
  const { list } = useDownloads();
  const history = useInfiniteQuery(historyQuery);
  const downloads = (list.data ?? []).map((download) => download.resource);
  const firstPage = history.data?.pages[0];
  const recent = firstPage ? groupHistory(firstPage.items).slice(0, RECENT) : [];
  return (
    <Stack gap="xl">
      <Text role="status">You are offline: here is what is on this device.</Text>
      <section aria-labelledby="offline-downloads">
        <Title order={2} fz="h3" id="offline-downloads" mb="xs">
          Your downloads
        </Title>
        {downloads.length > 0 ? (
          <ResourceRail items={downloads} label="Your downloads" />
        ) : (
          <Text c="dimmed">Nothing is downloaded on this device yet.</Text>
        )}
        <Button component={Link} to="/listen/library?tab=downloads" variant="light" mt="sm">
          Play your downloads
        </Button>
      </section>
      {recent.length > 0 && (
        <section aria-labelledby="offline-recent">
          <Title order={2} fz="h3" id="offline-recent" mb="xs">
            Recently listened
          </Title>
          <Stack gap="xs">
            {firstPage?.asOf && <OfflineAsOf asOf={firstPage.asOf} what="your history" />}
            <HistoryList groups={recent} label="Recently listened" />
          </Stack>
        </section>
      )}
    </Stack>
  );
}

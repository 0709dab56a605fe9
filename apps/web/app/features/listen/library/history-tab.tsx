import { Button, Center, Stack, Text } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { LoadError } from "../../../components/ui/load-error";
import { PageLoading } from "../shared/cover-art";
import { historyQuery } from "./api";
import { isUnreachable, OfflineAsOf, OfflineNotice } from "../shared/online";
import { groupHistory } from "./history-groups";
import { HistoryList } from "./history-list";

export function History() {
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

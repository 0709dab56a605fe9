import { Button, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadError } from "../../components/ui/load-error";
import { hostContentQuery } from "../../features/listen/host/api";
import { HostContentItem } from "../../features/listen/host/host-content-item";
import { PageLoading } from "../../features/listen/shared/cover-art";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { pageMeta } from "../../lib/meta";

export const meta = () =>
  pageMeta({ title: "My content", description: "Your uploads to Serene, their review and their listening." });

/** Asks for the list at once, beside the layout's profile read. */
export function clientLoader() {
  void listenQueryClient.prefetchInfiniteQuery(hostContentQuery(undefined));
  return null;
}

export default function HostContent() {
  const list = useInfiniteQuery(hostContentQuery(undefined));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md" maw={820}>
      <PageHeading
        title="My content"
        intro="Each upload is published once we have reviewed it."
        action={
          <Button
            component={Link}
            to="/listen/host/new"
            leftSection={<IconUpload size={18} aria-hidden="true" />}
          >
            Upload
          </Button>
        }
      />
      {list.isPending && <PageLoading label="Loading your content" />}
      {list.isError && (
        <LoadError
          title="Could not load your content"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && items.length === 0 && <Text c="dimmed">Nothing uploaded yet.</Text>}
      <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {items.map((item) => (
          <HostContentItem key={item._id} item={item} />
        ))}
      </Stack>
      {list.hasNextPage && (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Show more
        </Button>
      )}
    </Stack>
  );
}

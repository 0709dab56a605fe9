import { Stack, Text } from "@mantine/core";
import { ResourceGrid } from "../catalogue/resource-card";
import { useDownloads } from "./use-downloads";

/** Search with no network: the downloads whose title holds the words typed. */
export function OfflineResults({ q = "" }: { q?: string }) {
  const { list } = useDownloads();
  const words = q.trim().toLowerCase();
  const found = (list.data ?? [])
    .map((download) => download.resource)
    .filter((resource) => resource.title.toLowerCase().includes(words));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" role="status">
        You are offline: searching your downloads.
      </Text>
      {found.length > 0 ? (
        <ResourceGrid items={found} label="Results" />
      ) : (
        <Text c="dimmed">No download matches. Search everything when you are back online.</Text>
      )}
    </Stack>
  );
}

import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { formatDateTime } from "../../../lib/format";
import { useActivity } from "../api";
import { usePortal } from "../portal-context";
import { PortalSection } from "./portal-section";

/** What was done for the business (its admins, its listeners, Serene) in words, newest first, a page at a time. */
export function ActivitySection() {
  const { businessId } = usePortal();
  const activity = useActivity(businessId);
  return (
    <PortalSection of="activity">
      {activity.error && (
        <Text role="alert" c="red">
          {activity.error.message} Reload the page to try again.
        </Text>
      )}
      {activity.items?.length === 0 && <Text>Nothing done in the portal yet.</Text>}
      {activity.items && activity.items.length > 0 && (
        <Stack component="ol" aria-label="Portal activity" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
          {activity.items.map((entry) => (
            <Paper component="li" key={entry._id} withBorder p="sm">
              <Group justify="space-between" align="flex-start">
                <Text>{entry.summary}</Text>
                <Text component="time" dateTime={entry.createdAt} size="sm" c="dimmed">
                  {formatDateTime(entry.createdAt)}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {activity.hasMore && (
        <Button variant="default" onClick={activity.more} loading={activity.loadingMore} w="fit-content">
          Show older
        </Button>
      )}
    </PortalSection>
  );
}

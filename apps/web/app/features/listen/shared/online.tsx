import { Button, Stack, Text, Title } from "@mantine/core";
import { onlineManager } from "@tanstack/react-query";
import { IconCloudOff } from "@tabler/icons-react";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { ApiError } from "../../../lib/api-client";

/**
 * The listener app's one idea of being online: TanStack Query's online manager, which pauses the
 * queries while the browser is offline and resumes them when it comes back. It starts from what the
 * browser says (the manager alone assumes online until an `offline` event), so a page opened
 * offline knows it at once.
 */
if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);

export const isOnline = () => onlineManager.isOnline();

/** Whether the browser is online, re-rendering when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe, isOnline, () => true);
}

/**
 * What a page shows offline in place of an answer it does not have: one sentence, and the way to
 * what still works (downloads). Its query resumes on its own when the network comes back.
 */
export function OfflineNotice({ page = false }: { page?: boolean }) {
  return (
    <Stack align="center" gap="xs" py="xl" role="status" data-testid="offline-notice">
      <IconCloudOff aria-hidden="true" />
      {/* In place of a whole page (an item, a series), it is that page's heading. */}
      {page && (
        <Title order={1} fz="h3">
          You are offline
        </Title>
      )}
      <Text ta="center">
        {page ? "" : "You are offline. "}This shows again when you are back online; your downloads still play.
      </Text>
      <Button component={Link} to="/listen/library?tab=downloads" variant="light">
        Open your downloads
      </Button>
    </Stack>
  );
}

/** Whether a read failed for want of a network (no answer at all), not because it was refused. */
export const isUnreachable = (error: Error) => error instanceof ApiError && error.httpStatus === 0;

const keptFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Above what a page shows from its last kept answer (offline, see keptOffline): when it was read. */
export function OfflineAsOf({ asOf, what }: { asOf: string; what: string }) {
  return (
    <Text size="sm" c="dimmed" role="status" data-testid="offline-as-of">
      You are offline: {what} as of {keptFormat.format(new Date(asOf))}.
    </Text>
  );
}

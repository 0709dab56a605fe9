import { ActionIcon, Box, Progress } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { hideContinue } from "./api";
import type { AppResource } from "@serene/contract";
import { formatClock } from "../shared/format";
import { continueQuery } from "./api";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { ResourceCard } from "../catalogue/resource-card";

/**
 * The home's "Continue listening" row: each item with how far along it is, and a way to hide it
 * (it comes back when listened to again). Until the positions arrive, the home's own items show.
 */
export function ContinueRail({ items, label }: { items: AppResource[]; label: string }) {
  const progress = useQuery(continueQuery);
  const hide = useMutation({
    mutationFn: hideContinue,
    onSettled: () =>
      Promise.all(
        [listenKeys.continue, listenKeys.home].map((queryKey) =>
          listenQueryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  const rows =
    progress.data?.map((row) => ({
      resource: row.resource,
      position: row.position,
      duration: row.durationSeconds,
    })) ?? items.map((resource) => ({ resource, position: null, duration: resource.durationSeconds }));
  const shown = rows.filter((row) => !(hide.isPending && hide.variables === row.resource._id));
  return (
    <Box component="ul" className="listen-rail" aria-label={label}>
      {shown.map(({ resource, position, duration }, index) => {
        const percent =
          position !== null && duration ? Math.min(100, Math.round((position / duration) * 100)) : null;
        return (
          <li key={resource._id} className="listen-continue">
            <ResourceCard
              resource={resource}
              eager={index < 4}
              note={
                position !== null && duration
                  ? `${formatClock(position)} of ${formatClock(duration)}`
                  : undefined
              }
            />
            {percent !== null && (
              <Progress
                value={percent}
                size="sm"
                mt={6}
                aria-label={`${resource.title}: ${percent}% listened`}
              />
            )}
            <ActionIcon
              className="listen-continue__hide"
              variant="default"
              radius="xl"
              size="md"
              onClick={() => hide.mutate(resource._id)}
              aria-label={`Hide ${resource.title} from continue listening`}
            >
              <IconX size={14} aria-hidden="true" />
            </ActionIcon>
          </li>
        );
      })}
    </Box>
  );
}

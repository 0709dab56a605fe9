import { ActionIcon, Alert, Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { IconHeart, IconHeartFilled, IconLock, IconPlayerPlayFilled } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import type { Route } from "./+types/content";
import { LoadError } from "../../components/ui/load-error";
import { useAfterFirstPaint } from "../../lib/after-first-paint";
import { CoverArt, PageLoading } from "../../features/listen/shared/cover-art";
import { DownloadButton } from "../../features/listen/library/download-button";
import { useDownloadedResource } from "../../features/listen/library/use-downloads";
import { isUnreachable, useOnline } from "../../features/listen/shared/online";
import { useInfiniteQuery } from "@tanstack/react-query";
import { interestQuery, resourceQuery, useResource } from "../../features/listen/catalogue/api";
import { listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { useFavourite } from "../../features/listen/library/use-favourite";
import { formatDuration, moodLabels } from "../../features/listen/shared/format";
import { player } from "../../features/listen/player/player-engine";
import { usePlayer } from "../../features/listen/player/use-player";
import { ResumeButtons } from "../../features/listen/player/session-summary";
import { PaidWallOffer } from "../../features/listen/catalogue/paid-wall";
import { pageMeta } from "../../lib/meta";

export const meta = () => pageMeta({ title: "Listen", description: "A Serene meditation." });

/** Asks for the item at once, beside the layout's profile read, not after it. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  void listenQueryClient.prefetchQuery(resourceQuery(params.id));
  return null;
}

export default function Content() {
  const { id = "" } = useParams();
  const resource = useResource(id);
  const favourite = useFavourite(id);
  const { item, stage, finished } = usePlayer();
  // "Next" plays on through the item's interest.
  const interestId = resource.data?.interest?._id ?? "";
  const queueWanted = useAfterFirstPaint();
  const siblings = useInfiniteQuery({
    ...interestQuery(interestId),
    enabled: interestId !== "" && queueWanted,
  });
  const queue = siblings.data?.pages.flatMap((page) => page.items) ?? [];
  // With no network, a downloaded item shows as saved with its download, and plays from it.
  const offline = !useOnline() || (resource.isError && isUnreachable(resource.error));
  const downloaded = useDownloadedResource(id);
  const r = resource.data ?? (offline ? downloaded.resource : undefined);

  if (!r) {
    if (offline && downloaded.pending) return null;
    if (resource.isError)
      return (
        <LoadError
          title="Could not load this content"
          error={resource.error}
          onRetry={() => void resource.refetch()}
        />
      );
    return <PageLoading page />;
  }
  const current = item?._id === r._id;
  // Stopped part way (its summary still shows): go on, or again from the start.
  const stopped = current && stage === "summary" && !finished;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <CoverArt image={r.image} priority maw={420} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: "h2", sm: "h1" }}>
              {r.title}
            </Title>
            <Group gap="xs" mt={6}>
              <Badge variant="light">{formatDuration(r)}</Badge>
              {r.interest && (
                <Badge
                  variant="light"
                  color="gray"
                  component={Link}
                  to={`/listen/interest/${r.interest._id}`}
                  style={{ cursor: "pointer" }}
                >
                  {r.interest.name}
                </Badge>
              )}
              <Badge variant="light" color="gray">
                For when you feel {moodLabels[r.moodType].label.toLowerCase()}
              </Badge>
              {r.paymentType === "paid" && (
                <Badge
                  variant="light"
                  color={r.locked ? "orange" : "teal"}
                  leftSection={r.locked ? <IconLock size={12} aria-hidden="true" /> : undefined}
                >
                  {r.locked ? "Paid" : "Included"}
                </Badge>
              )}
            </Group>
          </div>
          {!resource.data && (
            <Text role="status" data-testid="offline-item">
              You are offline: this plays from your download.
            </Text>
          )}
          {r.locked ? (
            <Alert
              variant="light"
              color="orange"
              icon={<IconLock aria-hidden="true" />}
              title="Part of the paid library"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Unlock it, and everything else, with the code your employer sent you.</Text>
                <PaidWallOffer />
              </Stack>
            </Alert>
          ) : (
            <Group gap="sm">
              {stopped ? (
                <ResumeButtons item={r} size="lg" />
              ) : (
                <Button
                  size="lg"
                  radius="xl"
                  leftSection={<IconPlayerPlayFilled size={20} aria-hidden="true" />}
                  onClick={() => player.open(r, queue)}
                >
                  {current && stage !== "summary" ? "Open the player" : "Play"}
                </Button>
              )}
              <ActionIcon
                size={50}
                radius="xl"
                variant="light"
                onClick={favourite.toggle}
                disabled={!favourite.ready}
                aria-pressed={favourite.isFavourite}
                aria-label={favourite.isFavourite ? "Remove from favourites" : "Add to favourites"}
              >
                {favourite.isFavourite ? (
                  <IconHeartFilled aria-hidden="true" />
                ) : (
                  <IconHeart aria-hidden="true" />
                )}
              </ActionIcon>
              <DownloadButton resource={r} />
            </Group>
          )}
          {r.description && (
            <Text style={{ whiteSpace: "pre-line" }} maw={640}>
              {r.description}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Played {r.no_plays.toLocaleString("en-US")} {r.no_plays === 1 ? "time" : "times"}.{" "}
            {r.interest && (
              <Anchor component={Link} to={`/listen/interest/${r.interest._id}`} size="sm" underline="always">
                More in {r.interest.name}
              </Anchor>
            )}
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

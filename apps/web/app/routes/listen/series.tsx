import {
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconCircleCheckFilled, IconLock, IconPlayerPlayFilled } from "@tabler/icons-react";
import { useParams } from "react-router";
import type { Route } from "./+types/series";
import { LoadError } from "../../components/ui/load-error";
import { CoverArt, PageLoading } from "../../features/listen/shared/cover-art";
import type { AppSeriesDetail } from "@serene/contract";
import { progressWords } from "../../features/listen/habit/series-card";
import { seriesQuery, useSeries } from "../../features/listen/habit/api";
import { formatDuration } from "../../features/listen/shared/format";
import { listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { player } from "../../features/listen/player/player-engine";
import { pageMeta } from "../../lib/meta";
import { CoverImage } from "../../features/listen/shared/cover-image";

export const meta = () => pageMeta({ title: "Series", description: "A Serene series, in order." });

/** Asks for the series at once, beside the layout's profile read, not after it. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  void listenQueryClient.prefetchQuery(seriesQuery(params.id));
  return null;
}

export default function Series() {
  const { id = "" } = useParams();
  const series = useSeries(id);

  if (series.isPending) {
    return <PageLoading page />;
  }
  if (series.isError)
    return (
      <LoadError
        title="Could not load this series"
        error={series.error}
        onRetry={() => void series.refetch()}
      />
    );
  const s = series.data;
  const finished = s.items.filter((item) => item.finished).length;
  const next = s.next;
  // Played from here, "next" follows the series' order.
  const play = (item: AppSeriesDetail["items"][number]) => player.open(item, s.items);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <CoverArt image={s.image} priority maw={{ base: 240, sm: 420 }} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <Stack gap="md">
          <div>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              Series
            </Text>
            <Title order={1} fz={{ base: "h2", sm: "h1" }}>
              {s.title}
            </Title>
          </div>
          <div>
            <Text size="sm" mb={6}>
              {progressWords({ finishedCount: finished, itemCount: s.items.length })}
            </Text>
            <Progress value={s.items.length ? (finished / s.items.length) * 100 : 0} aria-hidden="true" />
          </div>
          {next ? (
            <Group>
              <Button
                size="lg"
                radius="xl"
                leftSection={<IconPlayerPlayFilled size={20} aria-hidden="true" />}
                onClick={() => player.open(next, s.items)}
              >
                {finished === 0 ? "Start the series" : "Play next"}
              </Button>
            </Group>
          ) : (
            <Text>You have listened to every part of this series.</Text>
          )}
          {s.description && (
            <Text style={{ whiteSpace: "pre-line" }} maw={640}>
              {s.description}
            </Text>
          )}
          <Stack
            component="ol"
            gap="xs"
            m={0}
            p={0}
            aria-label="In this series"
            style={{ listStyle: "none" }}
          >
            {s.items.map((item, index) => {
              const isNext = item._id === next?._id;
              return (
                <li key={item._id}>
                  <Paper
                    withBorder
                    radius="md"
                    p="xs"
                    className="listen-series-item"
                    data-next={isNext || undefined}
                  >
                    {/* Named by what it shows (its number, title, length, interest, "Up next"), with
                        words for what its icons say, so the name a voice user says is the visible one. */}
                    <UnstyledButton onClick={() => play(item)} w="100%">
                      <Group gap="sm" wrap="nowrap">
                        <Text fw={700} w={24} ta="center" c="dimmed">
                          {index + 1}
                        </Text>
                        {item.image && (
                          <CoverImage src={item.image} sizes="thumb" w={48} h={48} radius="sm" />
                        )}
                        <Box miw={0} style={{ flex: 1 }}>
                          <Text fw={700} size="sm" lineClamp={2}>
                            {item.title}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatDuration(item)}
                            {item.interest ? ` · ${item.interest.name}` : ""}
                          </Text>
                        </Box>
                        {isNext && <Badge variant="filled">Up next</Badge>}
                        {item.locked && (
                          <>
                            <IconLock size={18} aria-hidden="true" />
                            <VisuallyHidden>Paid</VisuallyHidden>
                          </>
                        )}
                        {item.finished && (
                          <>
                            <IconCircleCheckFilled
                              size={20}
                              aria-hidden="true"
                              color="var(--mantine-primary-color-filled)"
                            />
                            <VisuallyHidden>Finished</VisuallyHidden>
                          </>
                        )}
                      </Group>
                    </UnstyledButton>
                  </Paper>
                </li>
              );
            })}
          </Stack>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

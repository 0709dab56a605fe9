import { Box, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatDuration } from "../shared/format";
import { useToday } from "./api";
import { useOnline } from "../shared/online";
import { player } from "../player/player-engine";
import { reasonWords, todayFigures } from "./words";
import { useStreaksShown } from "./streak-preference";
import { CoverImage } from "../shared/cover-image";

/**
 * The top of home: today's pick and why it was chosen, the minutes listened today and the streak.
 * Calm on purpose: a streak of zero is not mentioned, a finished day just says so.
 */
export function TodayCard() {
  const today = useToday();
  const online = useOnline();
  const showStreak = useStreaksShown();
  // Without today (offline, or it failed) the rest of home still shows.
  if (today.isError || (today.isPending && !online)) return null;
  if (today.isPending) return <Skeleton h={168} radius="lg" aria-hidden="true" />;
  const { pick, reason, minutesToday, streak } = today.data;

  return (
    <Card component="section" withBorder radius="lg" padding="md" aria-labelledby="today-title">
      <Group gap="md" wrap="nowrap" align="flex-start">
        {/* A fixed box the cover fills: no flex item wider than its picture (the old left margin). */}
        <Box w={{ base: 96, sm: 136 }} h={{ base: 96, sm: 136 }} style={{ flex: "none" }}>
          {pick?.image ? (
            <CoverImage src={pick.image} sizes="today" w="100%" h="100%" radius="md" />
          ) : (
            <Box w="100%" h="100%" bg="var(--mantine-primary-color-light)" />
          )}
        </Box>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" id="today-title">
            Today’s pick
          </Text>
          {pick ? (
            <>
              <Title order={2} fz={{ base: "h4", sm: "h3" }} lineClamp={2}>
                <Link to={`/listen/content/${pick._id}`} className="listen-plain-link">
                  {pick.title}
                </Link>
              </Title>
              <Text size="sm" c="dimmed">
                {reasonWords(reason, pick.interest?.name)} · {formatDuration(pick)}
              </Text>
            </>
          ) : (
            <Text>Nothing new to pick today. Search for something you like.</Text>
          )}
          <Text size="sm" data-testid="today-figures">
            {todayFigures(minutesToday, streak, showStreak)}
          </Text>
          {pick && (
            <Group mt={4}>
              <Button
                radius="xl"
                leftSection={<IconPlayerPlayFilled size={16} aria-hidden="true" />}
                onClick={() => player.open(pick, [pick])}
                aria-label={`Play today’s pick: ${pick.title}`}
              >
                Play
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlayerPlayFilled, IconRefresh } from "@tabler/icons-react";
import type { AppResource, SessionSummary } from "@serene/contract";
import { minutesWords, moodLiftWords, streakWords } from "../habit/words";
import { formatClock } from "../shared/format";
import { useStreaksShown } from "../habit/streak-preference";
import { todayQuery } from "../habit/api";
import { listenQueryClient } from "../shared/listen-query-client";
import { player } from "./player-engine";
import { usePlayer } from "./use-player";

/**
 * What to offer once a session ended: the next item of its series (the API's one rule, as the
 * series page shows it), else the next of the list it was played from, else today's pick (when it
 * was not this one).
 */
export function useOffer(): { next: AppResource; inSeries: boolean } | null {
  const { item, summary } = usePlayer();
  if (!item || !summary) return null;
  // The series' next is this very item when it was stopped part way: Resume offers it already.
  if (summary.nextInSeries && summary.nextInSeries._id !== item._id)
    return { next: summary.nextInSeries, inSeries: true };
  const fromList = player.nextItem();
  if (fromList) return { next: fromList, inSeries: false };
  const pick = listenQueryClient.getQueryData(todayQuery.queryKey)?.data.pick;
  return pick && pick._id !== item._id && !pick.locked ? { next: pick, inSeries: false } : null;
}

/** How far the session went, in a listener's words: "done" only when it reached the end. */
export function endedWords(finished: boolean, position: number, duration: number): string {
  if (finished || duration <= 0) return "A calm moment, done";
  const share = position / duration;
  if (share < 0.35) return "Stopped early on";
  if (share <= 0.65) return "Stopped half way";
  return "Stopped near the end";
}

/** The session's figures, in plain words: no score, no guilt, no confetti. */
function summaryLines(summary: SessionSummary, showStreak: boolean): string[] {
  return [
    `${minutesWords(summary.minutes)} this time, ${minutesWords(summary.minutesToday).toLowerCase()} today.`,
    showStreak &&
      summary.streak.current > 0 &&
      (summary.streak.extended
        ? `Your streak grew: ${streakWords(summary.streak.current)}.`
        : `Your streak: ${streakWords(summary.streak.current)}.`),
    summary.moodLift && moodLiftWords[summary.moodLift],
  ].filter((line): line is string => typeof line === "string");
}

/** The end of a session, in the full player: the figures, then what could come next. */
export function SessionSummaryCard({ summary }: { summary: SessionSummary }) {
  const { item, finished, position, duration, offline } = usePlayer();
  const offer = useOffer();
  const showStreak = useStreaksShown();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="session-summary">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {endedWords(finished, position, duration)}
        </Title>
        {!finished && item && (
          <>
            <Text>
              Stopped at {formatClock(position)} of {formatClock(duration)}.
            </Text>
            <ResumeButtons item={item} />
          </>
        )}
        {summaryLines(summary, showStreak).map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        {offline && (
          <Text size="sm" c="dimmed">
            Listened offline: it counts in your stats once you are back online.
          </Text>
        )}
        {offer && (
          <Stack gap={4} mt="xs">
            <Text size="sm" c="dimmed">
              {offer.inSeries ? "Next in this series" : "You might like"}
            </Text>
            <Text fw={700}>{offer.next.title}</Text>
          </Stack>
        )}
        <Group gap="sm" mt="xs">
          {offer && (
            <Button
              leftSection={<IconPlayerPlayFilled size={16} aria-hidden="true" />}
              onClick={() => player.playNext(offer.next)}
              aria-label={`Play next: ${offer.next.title}`}
            >
              Play next
            </Button>
          )}
          <Button variant={offer || !finished ? "default" : "filled"} onClick={() => void player.close()}>
            Done
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** An item stopped part way: go on from there, or start again from the beginning. */
export function ResumeButtons({ item, size = "sm" }: { item: AppResource; size?: "sm" | "lg" }) {
  return (
    <Group gap="sm">
      <Button
        size={size}
        radius="xl"
        leftSection={<IconPlayerPlayFilled size={16} aria-hidden="true" />}
        onClick={() => player.playNext(item)}
      >
        Resume
      </Button>
      <Button
        size={size}
        radius="xl"
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden="true" />}
        onClick={() => player.playNext(item, { from: 0 })}
      >
        Play again
      </Button>
    </Group>
  );
}

/** The same summary folded at the bottom, after the player was closed mid-way. */
export function SessionSummaryLine({ summary }: { summary: SessionSummary }) {
  const { finished, position, duration } = usePlayer();
  const showStreak = useStreaksShown();
  return (
    <>
      <Text fw={700} size="sm" truncate>
        {endedWords(finished, position, duration)}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {minutesWords(summary.minutesToday)} today
        {showStreak && summary.streak.current > 0 ? ` · ${streakWords(summary.streak.current)}` : ""}
      </Text>
    </>
  );
}

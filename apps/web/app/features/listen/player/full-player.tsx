import { Box, Button, Group, Loader, Menu, Modal, Slider, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconAlertCircle,
  IconFileText,
  IconLock,
  IconMoonStars,
  IconPlayerSkipForwardFilled,
} from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CoverArt } from "../shared/cover-art";
import { MoodPicker } from "../shared/mood-picker";
import { formatClock, formatDuration } from "../shared/format";
import { player } from "./player-engine";
import { SPEEDS } from "./player-state";
import { SessionSummaryCard } from "./session-summary";
import { TranscriptView } from "./transcript-view";
import { Transport } from "./transport";
import { PaidWallOffer } from "../catalogue/paid-wall";
import { usePlayer } from "./use-player";

const sleepChoices = [5, 15, 30, 60] as const;

/**
 * The open player is a step in the browser's history: Back closes it (and stays on the page), and
 * closing it otherwise takes that step back. Moving to another page (a link in the player) closes it.
 */
function useBackCloses(expanded: boolean) {
  const { key } = useLocation();
  useEffect(() => {
    if (!expanded) return;
    window.history.pushState({ ...window.history.state, player: true }, "");
    const back = () => player.setExpanded(false);
    window.addEventListener("popstate", back);
    return () => {
      window.removeEventListener("popstate", back);
      if ((window.history.state as { player?: boolean } | null)?.player) window.history.back();
    };
  }, [expanded]);
  useEffect(() => () => player.setExpanded(false), [key]);
}

/** The player opened over the page: the controls, speed and sleep timer, the mood questions. */
export function FullPlayer() {
  const state = usePlayer();
  const phone = useMediaQuery("(max-width: 48em)");
  const { item, stage } = state;
  useBackCloses(state.expanded && item !== null);
  if (!item) return null;

  return (
    <Modal
      opened={state.expanded}
      onClose={() => player.setExpanded(false)}
      fullScreen={phone}
      size="md"
      radius="lg"
      title={stage === "ready" ? "Now playing" : item.title}
      // It only folds the player: the audio plays on (the mini player's "Stop and close" stops it).
      closeButtonProps={{ "aria-label": "Minimise" }}
    >
      <Stack gap="md" pb="md">
        <CoverArt image={item.image} maw={phone ? 320 : 280} w="100%" />
        <Box ta="center">
          <Title order={2} fz="h3">
            {item.title}
          </Title>
          <Text c="dimmed" size="sm">
            {[item.interest?.name, formatDuration(item)].filter(Boolean).join(" · ")}
          </Text>
        </Box>

        {stage === "loading" && (
          <Group justify="center" py="md">
            <Loader aria-label="Loading the audio" />
          </Group>
        )}
        {stage === "locked" && (
          <Stack align="center" gap="xs">
            <IconLock aria-hidden="true" />
            <Text ta="center">
              This is part of the paid library. Unlock it with a code from your employer.
            </Text>
            {/* In place of the player's step in history: Back from the page does not reopen it. */}
            <PaidWallOffer replace />
          </Stack>
        )}
        {stage === "error" && (
          <Stack align="center" gap="xs">
            <IconAlertCircle aria-hidden="true" color="var(--mantine-color-error)" />
            <Text ta="center">{state.error}</Text>
            <Button variant="light" onClick={() => void player.start()}>
              Try again
            </Button>
          </Stack>
        )}
        {stage === "ready" && <Controls />}
        {/* Asked beside the playing audio, never before the first sound; optional. */}
        {stage === "ready" && state.askMoodBefore && (
          <MoodPicker
            question="How do you feel right now?"
            onPick={(mood) => player.answerMoodBefore(mood)}
            onSkip={() => player.answerMoodBefore(null)}
          />
        )}
        {stage === "mood-after" && (
          <MoodPicker
            question="How do you feel now?"
            onPick={(mood) => void player.finish(mood)}
            onSkip={() => void player.finish()}
          />
        )}
        {stage === "summary" && state.summary && <SessionSummaryCard summary={state.summary} />}
      </Stack>
    </Modal>
  );
}

function Controls() {
  const state = usePlayer();
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const next = player.nextItem();
  const sleepLabel =
    state.sleep === null
      ? "Sleep timer"
      : state.sleep.kind === "end-of-item"
        ? "Sleep: end of this item"
        : `Sleep at ${new Date(state.sleep.endsAt).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })}`;

  return (
    <Stack gap="sm">
      {state.offline && (
        <Text size="sm" c="dimmed" ta="center">
          Playing your download offline: this listening is sent when you are back online.
        </Text>
      )}
      {/* In whole seconds: a screen reader says "195", and the text "3:15 of 10:00". */}
      <Slider
        value={Math.floor(state.position)}
        max={Math.max(Math.round(state.duration), 1)}
        step={1}
        onChange={(value) => player.seek(value)}
        label={(value) => formatClock(value)}
        thumbLabel="Position"
        thumbValueText={(value) => `${formatClock(value)} of ${formatClock(state.duration)}`}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed" data-testid="player-position">
          {formatClock(state.position)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatClock(state.duration)}
        </Text>
      </Group>
      <Transport full />
      <Group justify="center" gap="xs">
        <Menu>
          <Menu.Target>
            <Button variant="light" size="xs" aria-label={`Speed ${state.rate}×`}>
              {state.rate}×
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {SPEEDS.map((rate) => (
              <Menu.Item
                key={rate}
                onClick={() => player.setRate(rate)}
                aria-current={rate === state.rate || undefined}
              >
                {rate}×
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Menu>
          <Menu.Target>
            <Button variant="light" size="xs" leftSection={<IconMoonStars size={14} aria-hidden="true" />}>
              {sleepLabel}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {sleepChoices.map((minutes) => (
              <Menu.Item key={minutes} onClick={() => player.setSleep({ minutes })}>
                In {minutes} minutes
              </Menu.Item>
            ))}
            <Menu.Item onClick={() => player.setSleep("end-of-item")}>At the end of this item</Menu.Item>
            {state.sleep && <Menu.Item onClick={() => player.setSleep(null)}>Turn off</Menu.Item>}
          </Menu.Dropdown>
        </Menu>
        {next && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlayerSkipForwardFilled size={14} aria-hidden="true" />}
            onClick={() => void player.next()}
            aria-label={`Next: ${next.title}`}
          >
            Next
          </Button>
        )}
        {state.item?.hasTranscript && (
          <Button
            variant={transcriptOpen ? "filled" : "light"}
            size="xs"
            leftSection={<IconFileText size={14} aria-hidden="true" />}
            onClick={() => setTranscriptOpen((open) => !open)}
            aria-expanded={transcriptOpen}
            aria-controls="player-transcript"
          >
            Transcript
          </Button>
        )}
      </Group>
      {transcriptOpen && state.item && <TranscriptView resourceId={state.item._id} id="player-transcript" />}
    </Stack>
  );
}

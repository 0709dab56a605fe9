import { ActionIcon, Button, CloseButton, Group, Paper, Text, Tooltip } from "@mantine/core";
import type { Resource } from "@serene/contract";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

/** A content's audio with the browser's own controls (the review page's player and the shared bar's). */
export function Player({
  resource,
  width,
  playRequest,
}: {
  resource: Resource;
  width: number | string;
  /** Plays whenever it changes (each press of a row's play button). */
  playRequest?: number;
}) {
  const ref = useRef<HTMLAudioElement>(null);
  // Asked by the play button's click (a user gesture), so the browser lets it play.
  useEffect(() => {
    if (playRequest !== undefined) void ref.current?.play().catch(() => undefined);
  }, [playRequest]);
  if (!resource.resourceUrl) {
    return (
      <Text size="sm" c="dimmed">
        No audio
      </Text>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- uploaded audio has no caption file
    <audio
      ref={ref}
      controls
      preload="none"
      src={resource.resourceUrl}
      aria-label={`Play ${resource.title}`}
      style={{ display: "block", width, height: 40 }}
    />
  );
}

/**
 * A row's play button (36 px, where a 210 px player pushed the row actions off the table): it plays
 * the content in the list's one shared player, `ContentPlayerBar`. `full`: a labelled button (cards).
 */
export function PlayButton({
  resource,
  onPlay,
  full = false,
}: {
  resource: Resource;
  onPlay: (resource: Resource) => void;
  full?: boolean;
}) {
  if (!resource.resourceUrl) {
    return (
      <Text size="sm" c="dimmed">
        No audio
      </Text>
    );
  }
  const label = `Play ${resource.title}`;
  const icon = <IconPlayerPlay size={full ? 16 : 18} aria-hidden="true" />;
  return full ? (
    <Button
      variant="light"
      size="xs"
      fullWidth
      leftSection={icon}
      aria-label={label}
      onClick={() => onPlay(resource)}
    >
      Play
    </Button>
  ) : (
    <Tooltip label="Play">
      <ActionIcon variant="light" size="lg" radius="xl" aria-label={label} onClick={() => onPlay(resource)}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** What the shared player plays, and which press asked for it. */
export interface Playing {
  resource: Resource;
  request: number;
}

/** The shared player's state: `play(resource)` for the rows' buttons. */
export function usePlaying() {
  const [playing, setPlaying] = useState<Playing | null>(null);
  const play = (resource: Resource) =>
    setPlaying((current) => ({ resource, request: (current?.request ?? 0) + 1 }));
  return { playing, play, stop: () => setPlaying(null) };
}

/**
 * The list's one player: a bar that stays at the bottom of the view while the page scrolls, and
 * takes its own room at the end of the page (so it never hides the last row or the pager).
 */
export function ContentPlayerBar({ playing, onClose }: { playing: Playing | null; onClose: () => void }) {
  if (!playing) return null;
  const { resource, request } = playing;
  return (
    <Paper
      component="section"
      aria-label="Now playing"
      withBorder
      shadow="md"
      radius="lg"
      p="sm"
      mt="md"
      style={{ position: "sticky", bottom: "var(--mantine-spacing-sm)", zIndex: 2 }}
    >
      {/* One row on wide screens; on phones the title takes the first and the player the second. */}
      <Group gap="sm" wrap="wrap">
        <Text fw={700} size="sm" lineClamp={1} miw={0} style={{ flex: "1 1 10rem" }}>
          {resource.title}
        </Text>
        <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: "999 1 18rem" }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Player key={resource._id} resource={resource} width="100%" playRequest={request} />
          </div>
          <CloseButton aria-label="Close the player" onClick={onClose} />
        </Group>
      </Group>
    </Paper>
  );
}

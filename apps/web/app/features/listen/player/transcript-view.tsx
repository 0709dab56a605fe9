import { Box, Button, Group, Loader, Text, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { sayError } from "../shared/error-words";
import { formatClock } from "../shared/format";
import { transcriptQuery } from "./api";
import { player } from "./player-engine";
import { currentCueIndex, parseVtt } from "./transcript-cues";
import { usePlayer } from "./use-player";

/** The transcript's box: it scrolls within the player (and takes the keyboard's focus to do so). */
const boxProps = {
  mah: "min(40vh, 18rem)",
  style: { overflowY: "auto", position: "relative", borderRadius: "var(--mantine-radius-md)" },
  bd: "1px solid var(--mantine-color-default-border)",
  p: "xs",
} as const;

/**
 * The player's Transcript view, the audio's text alternative (WCAG 1.2.1): WebVTT as its cues,
 * the current one highlighted and kept in view as the audio plays, each a button that plays from
 * there; plain text as text.
 */
export function TranscriptView({ resourceId, id }: { resourceId: string; id: string }) {
  const transcript = useQuery(transcriptQuery(resourceId));
  if (transcript.isPending) {
    return (
      <Group justify="center" id={id}>
        <Loader size="sm" aria-label="Loading the transcript" />
      </Group>
    );
  }
  if (transcript.isError) {
    return (
      <Group justify="center" gap="xs" id={id}>
        <Text size="sm">{sayError(transcript.error)}</Text>
        <Button variant="light" size="xs" onClick={() => void transcript.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  const { format, text } = transcript.data;
  if (format === "vtt") return <Cues id={id} text={text} />;
  return (
    <Box {...boxProps} id={id} tabIndex={0} role="region" aria-label="Transcript">
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {text}
      </Text>
    </Box>
  );
}

function Cues({ id, text }: { id: string; text: string }) {
  const cues = useMemo(() => parseVtt(text), [text]);
  const { position } = usePlayer();
  const current = currentCueIndex(cues, position);
  const box = useRef<HTMLOListElement>(null);

  // The current cue stays in the middle of the box (the box scrolls, never the page).
  useEffect(() => {
    const list = box.current;
    const cue = list?.querySelector<HTMLElement>(`[data-cue="${current}"]`);
    if (!list || !cue) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollTo({
      top: cue.offsetTop - list.clientHeight / 2 + cue.offsetHeight / 2,
      behavior: still ? "auto" : "smooth",
    });
  }, [current]);

  return (
    <Box
      component="ol"
      ref={box}
      id={id}
      aria-label="Transcript: choose a line to play from there"
      {...boxProps}
      m={0}
      style={{ ...boxProps.style, listStyle: "none" }}
    >
      {cues.map((cue, index) => (
        <li key={`${cue.start}-${index}`}>
          <UnstyledButton
            data-cue={index}
            aria-current={index === current ? "true" : undefined}
            onClick={() => player.seek(cue.start)}
            w="100%"
            px="xs"
            py={6}
            style={{
              borderRadius: "var(--mantine-radius-sm)",
              background: index === current ? "var(--mantine-primary-color-light)" : undefined,
              fontWeight: index === current ? 600 : undefined,
            }}
          >
            <Text span size="xs" c="dimmed" mr="xs" style={{ fontVariantNumeric: "tabular-nums" }}>
              {formatClock(cue.start)}
            </Text>
            <Text span size="sm">
              {cue.text}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Box>
  );
}

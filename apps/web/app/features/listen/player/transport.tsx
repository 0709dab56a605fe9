import { ActionIcon, Group } from "@mantine/core";
import {
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconRewindBackward15,
  IconRewindForward15,
} from "@tabler/icons-react";
import { player } from "./player-engine";
import { SKIP_SECONDS } from "./player-state";
import { usePlayer } from "./use-player";

/**
 * The player's transport, in the mini player (play/pause) and the full one (with back and forward
 * 15 seconds, larger).
 */
export function Transport({ full = false }: { full?: boolean }) {
  const { playing } = usePlayer();
  const icon = full ? 30 : 18;
  const toggle = (
    <ActionIcon
      size={full ? 64 : "lg"}
      radius="xl"
      onClick={() => player.toggle()}
      aria-label={playing ? "Pause" : "Play"}
    >
      {playing ? (
        <IconPlayerPauseFilled size={icon} aria-hidden="true" />
      ) : (
        <IconPlayerPlayFilled size={icon} aria-hidden="true" />
      )}
    </ActionIcon>
  );
  if (!full) return toggle;
  return (
    <Group justify="center" gap="lg" wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size="xl"
        onClick={() => player.skip(-SKIP_SECONDS)}
        aria-label="Back 15 seconds"
      >
        <IconRewindBackward15 aria-hidden="true" />
      </ActionIcon>
      {toggle}
      <ActionIcon
        variant="subtle"
        size="xl"
        onClick={() => player.skip(SKIP_SECONDS)}
        aria-label="Forward 15 seconds"
      >
        <IconRewindForward15 aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

import { ActionIcon, Box, Group, Image, Progress, Text, UnstyledButton } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { player } from "./player-engine";
import { SessionSummaryLine } from "./session-summary";
import { Transport } from "./transport";
import { usePlayer } from "./use-player";

/** The player folded at the bottom of every page while something is chosen. */
export function MiniPlayer() {
  const state = usePlayer();
  const { item } = state;
  if (!item) return null;
  const ready = state.stage === "ready";
  return (
    <Box className="listen-mini" role="region" aria-label="Player">
      {ready && (
        <Progress
          value={state.duration ? (state.position / state.duration) * 100 : 0}
          size={3}
          radius={0}
          aria-hidden="true"
        />
      )}
      <Group gap="sm" wrap="nowrap" p="xs">
        <UnstyledButton
          onClick={() => player.setExpanded(true)}
          style={{ flex: 1, minWidth: 0 }}
          aria-label={state.summary ? `Open the summary: ${item.title}` : `Open the player: ${item.title}`}
        >
          <Group gap="sm" wrap="nowrap">
            {item.image && <Image src={item.image} alt="" w={40} h={40} radius="sm" />}
            <Box miw={0}>
              {state.summary ? (
                <SessionSummaryLine summary={state.summary} />
              ) : (
                <>
                  <Text fw={700} size="sm" truncate>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {ready
                      ? state.playing
                        ? "Playing"
                        : "Paused"
                      : state.stage === "loading"
                        ? "Starting"
                        : "Tap to open"}
                  </Text>
                </>
              )}
            </Box>
          </Group>
        </UnstyledButton>
        {ready && <Transport />}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => void player.close()}
          aria-label={state.summary ? "Close the summary" : "Stop and close"}
        >
          <IconX size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Box>
  );
}

import { Button, Group, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { IconMoodAngry, IconMoodHappy, IconMoodSad } from "@tabler/icons-react";
import type { Mood } from "@serene/contract";
import { moods } from "@serene/contract/listener";
import { moodLabels } from "./format";
import { useEffect, useState } from "react";

/** Drawn, not emoji: phones and desktops without a colour emoji font show the same faces. */
const MOOD_ICONS = { happy: IconMoodHappy, sad: IconMoodSad, angry: IconMoodAngry } as const;

/**
 * Once the question is answered and gone, the keyboard's focus returns where it was when the
 * question came (the page behind the player, say, when an item ended there), unless it has moved;
 * while the player stays open, to its first control rather than behind it.
 */
function useFocusReturn() {
  const [before] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  useEffect(
    () => () => {
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (!lost) return;
        // Still in the open player (the item now plays, or its summary shows): its first control.
        const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
        const inPlayer = dialog?.querySelector<HTMLElement>("button, [href], input, [tabindex='0']");
        if (dialog && !dialog.contains(before)) inPlayer?.focus();
        else if (before instanceof HTMLElement && before.isConnected) before.focus();
      });
    },
    [before],
  );
}

/** One tap on a mood; `onSkip` offers to answer nothing. */
export function MoodPicker({
  question,
  onPick,
  onSkip,
  selected,
}: {
  question: string;
  onPick: (mood: Mood) => void;
  onSkip?: () => void;
  selected?: Mood | null;
}) {
  useFocusReturn();
  return (
    <div role="group" aria-label={question}>
      <Text fw={700} mb="sm" ta="center">
        {question}
      </Text>
      <SimpleGrid cols={3} spacing="sm">
        {moods.map((mood) => {
          const Icon = MOOD_ICONS[mood];
          return (
            <UnstyledButton
              key={mood}
              onClick={() => onPick(mood)}
              className="listen-mood"
              data-selected={selected === mood || undefined}
              aria-pressed={selected === undefined ? undefined : selected === mood}
            >
              <Icon aria-hidden="true" className="listen-mood__emoji" size={36} stroke={1.5} />
              <span>{moodLabels[mood].label}</span>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {onSkip && (
        <Group justify="center" mt="sm">
          <Button variant="subtle" onClick={onSkip}>
            Skip
          </Button>
        </Group>
      )}
    </div>
  );
}

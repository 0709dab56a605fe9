import { Button, Group, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import type { Mood } from "../api/types";
import { moods } from "../api/types";
import { moodLabels } from "../format";

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
  return (
    <div role="group" aria-label={question}>
      <Text fw={700} mb="sm" ta="center">
        {question}
      </Text>
      <SimpleGrid cols={3} spacing="sm">
        {moods.map((mood) => (
          <UnstyledButton
            key={mood}
            onClick={() => onPick(mood)}
            className="listen-mood"
            data-selected={selected === mood || undefined}
            aria-pressed={selected === undefined ? undefined : selected === mood}
          >
            <span aria-hidden="true" className="listen-mood__emoji">
              {moodLabels[mood].emoji}
            </span>
            <span>{moodLabels[mood].label}</span>
          </UnstyledButton>
        ))}
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

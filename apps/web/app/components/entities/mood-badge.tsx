import { Badge, type MantineColor } from "@mantine/core";
import type { Mood } from "@serene/contract";

export const moodLabels: Record<Mood, string> = { happy: "Happy", sad: "Sad", angry: "Angry" };

export const moodColors: Record<Mood, MantineColor> = { happy: "teal", sad: "indigo", angry: "orange" };

export function MoodBadge({ mood }: { mood: Mood }) {
  return (
    <Badge color={moodColors[mood]} variant="light" radius="sm" miw="max-content">
      {moodLabels[mood]}
    </Badge>
  );
}

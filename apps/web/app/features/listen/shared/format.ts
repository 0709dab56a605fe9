import type { AppResource, Mood } from "@serene/contract";

/** "12 min", "45 s": a content's length as a listener reads it. */
export function formatDuration(resource: Pick<AppResource, "duration" | "durationSeconds">): string {
  const seconds = resource.durationSeconds;
  if (seconds === null) return resource.duration;
  if (seconds < 60) return `${seconds} s`;
  return `${Math.round(seconds / 60)} min`;
}

/** A player time: 4:05, 1:02:03. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}

export const moodLabels: Record<Mood, { label: string }> = {
  happy: { label: "Happy" },
  sad: { label: "Sad" },
  angry: { label: "Angry" },
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });
export const formatLongDate = (iso: string) => dateFormat.format(new Date(iso));

export { formatBytes } from "../../../lib/format";

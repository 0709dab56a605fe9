/**
 * The public site's static showcase: the ten preference topics people pick in the app, sample
 * episodes for the home page, and the curated listening of /resources (durations are fixed
 * text, as the spec says).
 */

export type TopicIconName =
  "sun" | "breath" | "moon" | "drop" | "flame" | "eye" | "sprout" | "people" | "leaf" | "target";

export interface Topic {
  name: string;
  summary: string;
  icon: TopicIconName;
}

export const topics: readonly Topic[] = [
  { name: "Positive thinking", summary: "Notice what is going well", icon: "sun" },
  { name: "Anxiety", summary: "Loosen worry's grip", icon: "breath" },
  { name: "Sleep", summary: "Wind down and drift off", icon: "moon" },
  { name: "Remain calm", summary: "Stay steady when it's busy", icon: "drop" },
  { name: "Ignite yourself", summary: "Find energy and drive", icon: "flame" },
  { name: "Mental awareness", summary: "Understand your mind", icon: "eye" },
  { name: "Self-improvement", summary: "Small steps, every day", icon: "sprout" },
  { name: "Outgoing", summary: "Connect with ease", icon: "people" },
  { name: "Reduce stress", summary: "Let tension go", icon: "leaf" },
  { name: "Improve focus", summary: "One thing at a time", icon: "target" },
];

/** The soft two-colour covers drawn in CSS (see episode-card.css). */
export type CoverTone = "dawn" | "sea" | "sand" | "sage" | "clay" | "night";
/** The shape drawn on a cover. */
export type CoverMotif = "sun" | "moon" | "waves" | "hills" | "rings";

export interface Episode {
  title: string;
  topic: string;
  kind: string;
  duration: string;
  /** Spoken duration for screen readers, e.g. "10 minutes". */
  durationLabel: string;
  host: string;
  summary: string;
  tone: CoverTone;
  motif: CoverMotif;
}

function minutes(count: number) {
  return { duration: `${count} min`, durationLabel: `${count} minutes` };
}

export const sampleEpisodes: readonly Episode[] = [
  {
    title: "Unclench: a body scan",
    topic: "Reduce stress",
    kind: "Guided meditation",
    ...minutes(10),
    host: "Amara Okafor",
    summary: "Travel slowly from your jaw to your toes and let each place soften.",
    tone: "sage",
    motif: "hills",
  },
  {
    title: "The slow-down breath",
    topic: "Anxiety",
    kind: "Breathwork",
    ...minutes(6),
    host: "Leo Marin",
    summary: "A longer out-breath tells your body it is safe. Six minutes to feel it.",
    tone: "sea",
    motif: "waves",
  },
  {
    title: "Rain on the cabin roof",
    topic: "Sleep",
    kind: "Sleep soundscape",
    ...minutes(45),
    host: "Serene Studio",
    summary: "Steady rain, a distant stream and nothing you have to do.",
    tone: "night",
    motif: "moon",
  },
  {
    title: "Morning light",
    topic: "Positive thinking",
    kind: "Guided meditation",
    ...minutes(8),
    host: "Priya Shah",
    summary: "Start the day by naming three things you are looking forward to.",
    tone: "dawn",
    motif: "sun",
  },
];

export const featuredResource: Episode = {
  title: "The ten-minute reset",
  topic: "Remain calm",
  kind: "Guided meditation",
  ...minutes(10),
  host: "Amara Okafor",
  summary:
    "Our most-played session. Settle your breath, notice where you hold tension and come back to the day clear-headed. Made for a lunch break, a parked car or the minutes before a hard conversation.",
  tone: "sea",
  motif: "rings",
};

export const curatedResources: readonly Episode[] = [
  {
    title: "Falling asleep, gently",
    topic: "Sleep",
    kind: "Sleep story",
    ...minutes(24),
    host: "Leo Marin",
    summary: "A slow walk along a quiet harbour as the lights go out one by one.",
    tone: "night",
    motif: "moon",
  },
  {
    title: "Box breathing for busy days",
    topic: "Anxiety",
    kind: "Breathwork",
    ...minutes(5),
    host: "Priya Shah",
    summary: "Four counts in, hold, out, hold. A pattern you can use anywhere.",
    tone: "sea",
    motif: "waves",
  },
  {
    title: "Deep work warm-up",
    topic: "Improve focus",
    kind: "Guided meditation",
    ...minutes(12),
    host: "Jonas Weber",
    summary: "Clear the mental clutter before a block of focused work.",
    tone: "sand",
    motif: "rings",
  },
  {
    title: "Letting the day go",
    topic: "Reduce stress",
    kind: "Evening wind-down",
    ...minutes(15),
    host: "Amara Okafor",
    summary: "Put the day down, piece by piece, before you go to bed.",
    tone: "clay",
    motif: "hills",
  },
  {
    title: "Be your own coach",
    topic: "Self-improvement",
    kind: "Talk",
    ...minutes(18),
    host: "Jonas Weber",
    summary: "How to speak to yourself the way you would to a friend who is trying.",
    tone: "sage",
    motif: "sun",
  },
  {
    title: "Spark: a morning boost",
    topic: "Ignite yourself",
    kind: "Guided meditation",
    ...minutes(7),
    host: "Priya Shah",
    summary: "Energising breath and a clear intention for the hours ahead.",
    tone: "dawn",
    motif: "sun",
  },
  {
    title: "Forest after rain",
    topic: "Remain calm",
    kind: "Soundscape",
    ...minutes(60),
    host: "Serene Studio",
    summary: "Dripping leaves, birdsong and wind high in the trees.",
    tone: "sage",
    motif: "hills",
  },
  {
    title: "Noticing thoughts",
    topic: "Mental awareness",
    kind: "Guided meditation",
    ...minutes(11),
    host: "Leo Marin",
    summary: "Watch thoughts arrive and pass like clouds, without following them.",
    tone: "sand",
    motif: "waves",
  },
  {
    title: "Walking into the room",
    topic: "Outgoing",
    kind: "Confidence practice",
    ...minutes(9),
    host: "Amara Okafor",
    summary: "A short rehearsal for meeting new people with a settled heart.",
    tone: "clay",
    motif: "rings",
  },
];

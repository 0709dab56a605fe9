import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { apiRoot } from "../config/env.ts";
import type { MediaKind, MediaService, StoredMedia } from "../modules/media/index.ts";
import { measuredColumns } from "../modules/resources/index.ts";
import type { Db } from "../db/client.ts";
import { interests, resources, series, seriesItems, users } from "../db/schema/index.ts";

/** The ten preference topics of the home page, with their icon files in apps/api/demo/icons. */
export const DEMO_INTERESTS = [
  ["Positive thinking", "positive-thinking"],
  ["Anxiety", "anxiety"],
  ["Sleep", "sleep"],
  ["Remain calm", "remain-calm"],
  ["Ignite yourself", "ignite-yourself"],
  ["Mental awareness", "mental-awareness"],
  ["Self-improvement", "self-improvement"],
  ["Outgoing", "outgoing"],
  ["Reduce stress", "reduce-stress"],
  ["Improve focus", "improve-focus"],
] as const;

type Topic = (typeof DEMO_INTERESTS)[number][0];
const DEMO_RESOURCES: {
  title: string;
  description: string;
  mood: "happy" | "sad" | "angry";
  topic: Topic;
  paid: boolean;
  plays: number;
}[] = [
  {
    title: "Morning Gratitude",
    description: "Start the day by noticing three good things.",
    mood: "happy",
    topic: "Positive thinking",
    paid: false,
    plays: 1840,
  },
  {
    title: "Breathing Through Worry",
    description: "A slow 4-7-8 breath to quiet an anxious mind.",
    mood: "sad",
    topic: "Anxiety",
    paid: false,
    plays: 2310,
  },
  {
    title: "Ocean Drift to Sleep",
    description: "Soft waves and a body scan to ease you into sleep.",
    mood: "sad",
    topic: "Sleep",
    paid: true,
    plays: 3920,
  },
  {
    title: "Cooling the Storm",
    description: "Let anger rise, crest and pass like weather.",
    mood: "angry",
    topic: "Remain calm",
    paid: false,
    plays: 760,
  },
  {
    title: "Spark of Courage",
    description: "An energising practice for the moment before you begin.",
    mood: "happy",
    topic: "Ignite yourself",
    paid: true,
    plays: 1290,
  },
  {
    title: "Noticing Thoughts",
    description: "Watch thoughts come and go without following them.",
    mood: "sad",
    topic: "Mental awareness",
    paid: false,
    plays: 980,
  },
  {
    title: "Small Steps Forward",
    description: "Set one kind, achievable intention for today.",
    mood: "happy",
    topic: "Self-improvement",
    paid: true,
    plays: 640,
  },
  {
    title: "Open Heart, Open Door",
    description: "Ease social nerves before meeting people.",
    mood: "happy",
    topic: "Outgoing",
    paid: false,
    plays: 410,
  },
  {
    title: "Unclench",
    description: "Release the jaw, shoulders and hands, one by one.",
    mood: "angry",
    topic: "Reduce stress",
    paid: false,
    plays: 2750,
  },
  {
    title: "Deep Work Warm-up",
    description: "Five minutes to settle attention before focused work.",
    mood: "happy",
    topic: "Improve focus",
    paid: true,
    plays: 1530,
  },
  {
    title: "Rain on the Window",
    description: "Gentle rain for winding down after a long day.",
    mood: "sad",
    topic: "Sleep",
    paid: true,
    plays: 3310,
  },
  {
    title: "Let It Go",
    description: "A short reset for frustration in the middle of the day.",
    mood: "angry",
    topic: "Reduce stress",
    paid: false,
    plays: 1120,
  },
];

/** The demo series (published, on the listener's home): contents by title, in their order. */
export const DEMO_SERIES: { title: string; description: string; items: string[] }[] = [
  {
    title: "A Calmer Week",
    description: "Three short sessions to come back to, one a day: notice, breathe, let go.",
    items: ["Morning Gratitude", "Breathing Through Worry", "Let It Go"],
  },
];

/**
 * Fills an empty catalogue with the demo interests, contents and series (real audio and covers from
 * apps/api/demo, stored through the same checks as an upload). Does nothing when any interest
 * or content exists. Answers whether it seeded.
 */
export async function seedDemoData(db: Db, media: MediaService): Promise<boolean> {
  const [[i], [r]] = await Promise.all([
    db.select({ n: count() }).from(interests),
    db.select({ n: count() }).from(resources),
  ]);
  if ((i?.n ?? 0) > 0 || (r?.n ?? 0) > 0) return false;

  const demoDir = path.join(apiRoot(), "demo");
  const store = (file: string, kind: MediaKind = "image") =>
    media.receive(fs.createReadStream(path.join(demoDir, file)), kind, null);

  const icons = await Promise.all(DEMO_INTERESTS.map(([, slug]) => store(`icons/${slug}.png`)));
  const files: { cover: StoredMedia; audio: StoredMedia }[] = [];
  // One at a time: each audio file is read whole to check it.
  for (let i = 0; i < DEMO_RESOURCES.length; i++) {
    const n = String(i + 1).padStart(2, "0");
    files.push({
      cover: await store(`covers/cover-${n}.jpg`),
      audio: await store(`audio/track-${n}.mp3`, "audio"),
    });
  }

  await db.transaction(async (tx) => {
    const [studio] = await tx
      .insert(users)
      .values({
        username: "Serene Studio",
        email: "studio@serene.example",
        role: "host",
        mood: "happy",
        experience: "Guide",
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const created = await tx
      .insert(interests)
      .values(DEMO_INTERESTS.map(([name], i) => ({ name, iconKey: icons[i]!.key, position: i + 1 })))
      .returning({ id: interests.id, name: interests.name });
    const idOf = new Map(created.map((c) => [c.name, c.id]));
    const now = Date.now();
    const contents = await tx
      .insert(resources)
      .values(
        DEMO_RESOURCES.map((r, i) => ({
          title: r.title,
          description: r.description,
          imageKey: files[i]!.cover.key,
          audioKey: files[i]!.audio.key,
          ...measuredColumns({ duration: files[i]!.audio.duration ?? 0, loudness: files[i]!.audio.loudness }),
          mood: r.mood,
          interestId: idOf.get(r.topic) ?? null,
          userId: studio?.id ?? null,
          paymentType: r.paid ? ("paid" as const) : ("free" as const),
          reviewState: "published" as const,
          noPlays: r.plays,
          // Spread over the last days, so "newest first" has an order.
          timeCreated: new Date(now - (DEMO_RESOURCES.length - i) * 3_600_000 * 7),
        })),
      )
      .returning({ id: resources.id, title: resources.title, imageKey: resources.imageKey });
    const contentOf = new Map(contents.map((c) => [c.title, c]));
    for (const demo of DEMO_SERIES) {
      const items = demo.items.map((title) => contentOf.get(title)!);
      const [created] = await tx
        .insert(series)
        .values({
          title: demo.title,
          description: demo.description,
          imageKey: items[0]!.imageKey,
          published: true,
          createdBy: studio?.id ?? null,
        })
        .returning({ id: series.id });
      await tx
        .insert(seriesItems)
        .values(items.map((item, position) => ({ seriesId: created!.id, resourceId: item.id, position })));
    }
  });
  return true;
}

import fs from "node:fs";
import { createLoudnessMeter, type Loudness } from "./loudness.ts";

/** What the server measures of an audio file, in its own process. */
export interface AudioFacts {
  /** Seconds, from the file's frames, to the hundredth. */
  duration: number;
  /** Null for silence. */
  loudness: Loudness | null;
}

/**
 * The file's length in seconds, counted from its frames (music-metadata's full scan, not a
 * bitrate guess), and its number of channels.
 */
async function readFormat(file: string): Promise<{ duration: number; channels: number }> {
  // Loaded with the first audio file measured, not at start-up.
  const { parseFile } = await import("music-metadata");
  const { format } = await parseFile(file, { duration: true });
  return { duration: Math.round((format.duration ?? 0) * 100) / 100, channels: format.numberOfChannels ?? 2 };
}

/**
 * Decodes the MP3 a chunk at a time (WebAssembly mpg123) into the BS.1770 meter. The decoder
 * answers two channels even for a mono file: a mono file is metered as its one channel.
 */
async function measureLoudness(file: string, channels: number): Promise<Loudness | null> {
  const { MPEGDecoder } = await import("mpg123-decoder");
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    let meter: ReturnType<typeof createLoudnessMeter> | undefined;
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) {
      const decoded = decoder.decode(chunk as Buffer);
      if (!decoded.samplesDecoded) continue;
      const data = decoded.channelData.slice(0, channels);
      meter ??= createLoudnessMeter(decoded.sampleRate, data.length);
      meter.add(data);
    }
    return meter?.result() ?? null;
  } finally {
    decoder.free();
  }
}

/** Duration and loudness of a stored MP3 file (already checked to be one). */
export async function analyseAudio(file: string): Promise<AudioFacts> {
  const { duration, channels } = await readFormat(file);
  return { duration, loudness: await measureLoudness(file, channels) };
}

import type { Loudness } from "@serene/contract";
import { TARGET_LUFS } from "@serene/contract/listener";

const fromDb = (db: number) => 10 ** (db / 20);

/**
 * The volume that levels a content to TARGET_LUFS (−16) by attenuation only: a quiet file plays
 * as it is (never boosted past 0 dB), a loud one is turned down, and far enough that its true peak
 * stays at or under 0 dBFS. Unmeasured (null) or nonsense measurements play at full volume.
 */
export function levelGain(loudness: Loudness | undefined): number {
  if (!loudness || !Number.isFinite(loudness.lufs) || !Number.isFinite(loudness.peak)) return 1;
  return Math.min(1, fromDb(TARGET_LUFS - loudness.lufs), fromDb(-loudness.peak));
}

import { SLEEP_FADE_SECONDS, type SleepTimer } from "./player-state";

const FADE_STEPS = 40;

/**
 * A sleep timer of some minutes: when it is up, the volume goes down step by step over its last
 * seconds, then the player pauses (`pause`) and the timer is over (`over`).
 */
export class SleepFade {
  private timeout: ReturnType<typeof setTimeout> | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly audio: () => HTMLAudioElement | null,
    private readonly pause: () => void,
    private readonly over: () => void,
  ) {}

  /** Starts a timer of `minutes` (the one before is cancelled); answers the player's `sleep`. */
  start(minutes: number): SleepTimer {
    this.cancel();
    const ms = minutes * 60_000;
    const fadeMs = Math.min(SLEEP_FADE_SECONDS * 1000, ms);
    this.timeout = setTimeout(() => this.fadeOut(fadeMs), ms - fadeMs);
    return { kind: "minutes", endsAt: Date.now() + ms };
  }

  /** No timer, or a fade under way stopped. */
  cancel() {
    clearTimeout(this.timeout);
    this.stopFade();
  }

  /** The volume goes down step by step over `ms`, then the player pauses. */
  private fadeOut(ms: number) {
    const audio = this.audio();
    if (!audio) return this.over();
    const from = audio.volume;
    let step = 0;
    this.interval = setInterval(() => {
      step += 1;
      audio.volume = Math.max(0, from * (1 - step / FADE_STEPS));
      if (step < FADE_STEPS) return;
      this.stopFade();
      this.pause();
      audio.volume = from;
      this.over();
    }, ms / FADE_STEPS);
  }

  private stopFade() {
    clearInterval(this.interval);
    this.interval = undefined;
  }
}

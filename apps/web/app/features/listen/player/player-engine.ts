import type { AppResource, Mood } from "@serene/contract";
import { levelGain } from "./levelling";
import { ListeningSession } from "./listening-session";
import { setPlaybackState, showOnLockScreen } from "./media-session";
import {
  askMood,
  initial,
  type PlayerState,
  REPORT_EVERY_SECONDS,
  restoredPlayer,
  SAVE_EVERY_SECONDS,
  savePlayer,
} from "./player-state";
import { SleepFade } from "./sleep-fade";

/**
 * The one audio element of the listener app and its listening session. It lives outside React
 * (the player keeps playing while the listener moves between pages); components read its state
 * through usePlayer().
 */
export class PlayerEngine {
  private state: PlayerState = initial;
  private listeners = new Set<() => void>();
  private audio: HTMLAudioElement | null = null;
  private readonly session = new ListeningSession({
    audio: () => this.audio,
    state: () => this.state,
    counted: () => this.set({ counted: true }),
  });
  private readonly sleepFade = new SleepFade(
    () => this.audio,
    () => this.pause(),
    () => this.set({ sleep: null }),
  );
  private stopAfterItem = false;
  private lastSave = 0;

  constructor() {
    // Across a reload: the item and where it stood, restored paused.
    if (typeof window !== "undefined") this.state = restoredPlayer() ?? initial;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<PlayerState>) {
    this.state = { ...this.state, ...patch };
    if ("item" in patch || "stage" in patch) this.save();
    for (const listener of this.listeners) listener();
  }

  /** Keeps the item, its list and the position for after a reload (see `savePlayer`). */
  private save() {
    this.lastSave = this.state.position;
    savePlayer(this.state);
  }

  private element(): HTMLAudioElement {
    if (this.audio) return this.audio;
    const audio = new Audio();
    audio.preload = "auto";
    audio.addEventListener("timeupdate", () => {
      this.session.tick();
      this.set({ position: audio.currentTime });
      if (this.session.pendingSeconds() >= REPORT_EVERY_SECONDS) void this.session.report();
      if (Math.abs(audio.currentTime - this.lastSave) >= SAVE_EVERY_SECONDS) this.save();
    });
    audio.addEventListener("durationchange", () => {
      if (Number.isFinite(audio.duration)) this.set({ duration: audio.duration });
    });
    audio.addEventListener("play", () => {
      this.session.resumeClock();
      this.set({ playing: true });
      showOnLockScreen(this.state.item, {
        play: () => void this.play(),
        pause: () => this.pause(),
        skip: (by) => this.skip(by),
        seek: (seconds) => this.seek(seconds),
        next: () => void this.next(),
      });
      setPlaybackState("playing");
    });
    audio.addEventListener("pause", () => {
      this.session.stopClock();
      this.set({ playing: false, position: audio.currentTime });
      setPlaybackState("paused");
      this.save();
      if (!audio.ended) void this.session.report();
    });
    audio.addEventListener("seeking", () => {
      this.session.tick();
      if (!audio.paused) this.session.resumeClock();
    });
    audio.addEventListener("seeked", () => {
      this.set({ position: audio.currentTime });
      void this.session.report();
    });
    audio.addEventListener("ended", () => {
      this.session.stopClock();
      this.stopAfterItem = this.state.sleep?.kind === "end-of-item";
      if (this.stopAfterItem) this.setSleep(null);
      this.set({ playing: false, position: audio.currentTime });
      if (askMood("after")) this.set({ stage: "mood-after", expanded: true });
      else {
        this.set({ expanded: true });
        void this.finish();
      }
    });
    audio.addEventListener("error", () => {
      if (this.state.stage === "ready" || this.state.stage === "loading") {
        this.set({
          stage: "error",
          error: "This audio could not be played. Check your connection and try again.",
        });
      }
    });
    window.addEventListener("pagehide", () => this.session.reportOnHide());
    this.audio = audio;
    return audio;
  }

  // ---- what the listener does ----

  /**
   * Chooses an item (and the list it came from, for "next") and plays it at once, in the tap that
   * chose it: where the listener left off, or from the start with `from: 0` ("Play again").
   */
  open(item: AppResource, queue: AppResource[] = [], options: { from?: 0 } = {}) {
    if (this.state.item?._id === item._id && this.state.stage !== "idle" && this.state.stage !== "summary") {
      this.set({ expanded: true });
      return;
    }
    void this.session.close();
    this.audio?.pause();
    this.choose(item, queue, options.from);
  }

  /** The chosen item in the player, opened and starting; the mood question beside it (once per session). */
  private choose(item: AppResource, queue: AppResource[], from?: 0) {
    this.set({
      ...initial,
      rate: this.state.rate,
      sleep: this.state.sleep,
      item,
      queue,
      stage: item.locked ? "locked" : "loading",
      askMoodBefore: !item.locked && askMood("before"),
      expanded: true,
    });
    if (!item.locked) void this.start(from);
  }

  /** The mood before, answered beside the playing audio (null: dismissed); it goes with the session's end. */
  answerMoodBefore(mood: Mood | null) {
    if (mood) this.session.setMoodBefore(mood);
    this.set({ askMoodBefore: false });
  }

  /** Starts the chosen item: resumes where the listener left off (or at `from`). */
  async start(from?: number) {
    const item = this.state.item;
    if (!item) return;
    const audio = this.element();
    this.set({ stage: "loading", error: null });
    const begun = await this.session.begin(item, from);
    if (!("source" in begun)) return this.set(begun);
    const { source, startAt, offline } = begun;
    this.set({ offline });
    audio.src = source;
    audio.playbackRate = this.state.rate;
    audio.volume = levelGain(item.loudness);
    await new Promise<void>((resolve) => {
      if (audio.readyState >= 1) resolve();
      else audio.addEventListener("loadedmetadata", () => resolve(), { once: true });
    });
    const duration = Number.isFinite(audio.duration) ? audio.duration : (item.durationSeconds ?? 0);
    // A finished item starts again at 0 (the server says so too); so does one too close to its end.
    if (startAt > 0 && startAt < duration - 1) audio.currentTime = startAt;
    this.set({ stage: "ready", duration, position: audio.currentTime });
    await this.play();
  }

  async play() {
    if (this.state.stage !== "ready") return;
    // Restored after a reload: the item starts again (a new session, from where it stood).
    if (!this.audio?.src || !this.session.open) return this.start();
    try {
      await this.audio.play();
    } catch {
      // Autoplay refused (no gesture yet): the play button stays for the listener to press.
      this.set({ playing: false });
    }
  }

  pause() {
    this.audio?.pause();
  }

  toggle() {
    if (this.state.playing) this.pause();
    else void this.play();
  }

  seek(seconds: number) {
    if (!this.audio || this.state.stage !== "ready") return;
    const end = this.state.duration || this.audio.duration || 0;
    this.audio.currentTime = Math.min(Math.max(0, seconds), Math.max(0, end - 0.25));
    this.set({ position: this.audio.currentTime });
  }

  skip(by: number) {
    this.seek((this.audio?.currentTime ?? 0) + by);
  }

  setRate(rate: number) {
    if (this.audio) this.audio.playbackRate = rate;
    this.set({ rate });
  }

  setSleep(sleep: { minutes: number } | "end-of-item" | null) {
    this.sleepFade.cancel();
    if (sleep === null) return this.set({ sleep: null });
    if (sleep === "end-of-item") return this.set({ sleep: { kind: "end-of-item" } });
    this.set({ sleep: this.sleepFade.start(sleep.minutes) });
  }

  /**
   * Answers the mood after (or skips it): the session ends and its summary shows (offline, as
   * summed up on this device), offering what comes next. With no summary (the end failed), the
   * next item in the list follows.
   */
  async finish(moodAfter?: Mood) {
    const ended = await this.session.close(moodAfter);
    const next = this.nextItem();
    const stop = this.stopAfterItem;
    this.stopAfterItem = false;
    if (ended) {
      this.set({ stage: "summary", ...ended, playing: false, askMoodBefore: false });
    } else if (next && !stop) {
      this.openNext(next);
      await this.start();
    } else {
      this.set({ stage: "idle", item: null, playing: false, expanded: false });
    }
  }

  /** The next item of the list the current one came from. */
  nextItem(): AppResource | null {
    const { item, queue } = this.state;
    if (!item) return null;
    const index = queue.findIndex((candidate) => candidate._id === item._id);
    if (index < 0) return null;
    return queue.slice(index + 1).find((candidate) => !candidate.locked) ?? null;
  }

  /** From the summary: plays what it offers (the next of the series, or a suggestion), or the same item again. */
  playNext(next: AppResource, options: { from?: 0 } = {}) {
    const queue = this.state.queue.some((candidate) => candidate._id === next._id)
      ? this.state.queue
      : [next];
    this.audio?.pause();
    this.choose(next, queue, options.from);
  }

  async next() {
    const next = this.nextItem();
    if (!next) return;
    await this.session.close();
    this.openNext(next);
    await this.start();
  }

  private openNext(next: AppResource) {
    this.audio?.pause();
    this.set({ item: next, stage: "loading", position: 0, duration: 0, counted: false, error: null });
  }

  setExpanded(expanded: boolean) {
    this.set({ expanded });
  }

  /**
   * Stops and closes the player (the session ends where the listener stopped); the session's
   * summary stays folded at the bottom until dismissed. Closing the summary clears the player.
   */
  async close() {
    this.audio?.pause();
    const { item, queue, rate, position, duration } = this.state;
    const ended = await this.session.close();
    this.set(
      ended && item
        ? { ...initial, rate, item, queue, position, duration, stage: "summary", ...ended }
        : { ...initial, rate },
    );
    setPlaybackState("none");
  }
}

export const player = new PlayerEngine();

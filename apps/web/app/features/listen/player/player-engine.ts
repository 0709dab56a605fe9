import { ApiError } from "../../../lib/api-client";
import { MAX_REPORT_SECONDS } from "@serene/contract/listener";
import { beaconProgress, endListening, reportProgress, startSession } from "./api";
import type { AppResource, Mood, ProgressBody, SessionSummary } from "@serene/contract";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { downloadedAudioUrl } from "../library/downloads";
import { offlinePosition, offlineSummary, queueSession } from "./offline-sessions";
import { levelGain } from "./levelling";

/** The API wants a report every 15 s of listening (and on pause, seek and page hide). */
export const REPORT_EVERY_SECONDS = 15;
export const SKIP_SECONDS = 15;
export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
/** A sleep timer lowers the volume over its last 10 seconds, then pauses. */
export const SLEEP_FADE_SECONDS = 10;
const FADE_STEPS = 40;
/** How often, while playing, the item and position are kept for after a reload. */
const SAVE_EVERY_SECONDS = 5;

/** Where the player keeps what it holds (item, list, position) across a reload of the page. */
export const SAVED_PLAYER_KEY = "serene-player";
/** The mood questions are asked at most once per browsing session (sessionStorage). */
export const MOOD_ASKED_KEY = "serene-mood-asked";

interface SavedPlayer {
  item: AppResource;
  queue: AppResource[];
  position: number;
  duration: number;
  rate: number;
}

export type Stage =
  | "idle" // nothing chosen
  | "loading" // chosen: it starts at once (the mood question, when asked, shows beside the playing audio)
  | "ready" // playing or paused
  | "mood-after" // the item ended: one tap on a mood (or skip) closes the session
  | "summary" // the session ended (finished or closed): what it added up to, and what could come next
  | "locked" // paid and not entitled
  | "error";

export type SleepTimer = { kind: "minutes"; endsAt: number } | { kind: "end-of-item" } | null;

export interface PlayerState {
  stage: Stage;
  item: AppResource | null;
  queue: AppResource[];
  playing: boolean;
  position: number;
  duration: number;
  rate: number;
  sleep: SleepTimer;
  offline: boolean;
  error: string | null;
  /** Whether the last report made this play count (the server's `counted`). */
  counted: boolean;
  expanded: boolean;
  /** The server's summary of the session that just ended (stage "summary"). */
  summary: SessionSummary | null;
  /** Whether that session reached the end (the server's `finished`); false when stopped part way. */
  finished: boolean;
  /** The mood question shows beside the playing audio (once per browsing session), until answered or dismissed. */
  askMoodBefore: boolean;
}

const initial: PlayerState = {
  stage: "idle",
  item: null,
  queue: [],
  playing: false,
  position: 0,
  duration: 0,
  rate: 1,
  sleep: null,
  offline: false,
  error: null,
  counted: false,
  expanded: false,
  summary: null,
  finished: false,
  askMoodBefore: false,
};

type Listening =
  | { kind: "online"; sessionId: string; seq: number; pending: number; moodBefore?: Mood }
  | {
      kind: "offline";
      clientId: string;
      startedAt: string;
      listened: number;
      moodBefore?: Mood;
    };

/**
 * The one audio element of the listener app and its listening session. It lives outside React
 * (the player keeps playing while the listener moves between pages); components read its state
 * through usePlayer().
 */
export class PlayerEngine {
  private state: PlayerState = initial;
  private listeners = new Set<() => void>();
  private audio: HTMLAudioElement | null = null;
  private listening: Listening | null = null;
  private lastTick: number | null = null;
  private sleepTimeout: ReturnType<typeof setTimeout> | undefined;
  private blobUrl: string | null = null;
  private stopAfterItem = false;
  private fadeInterval: ReturnType<typeof setInterval> | undefined;
  private lastSave = 0;

  constructor() {
    if (typeof window !== "undefined") this.restore();
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

  // ---- across a reload: the item and where it stood, restored paused ----

  /** Keeps the item, its list and the position (or forgets them when the player is empty). */
  private save() {
    const { item, queue, position, duration, rate, stage } = this.state;
    this.lastSave = position;
    if (!item || stage === "idle" || stage === "summary") return localStorage.removeItem(SAVED_PLAYER_KEY);
    const saved: SavedPlayer = { item, queue, position, duration, rate };
    localStorage.setItem(SAVED_PLAYER_KEY, JSON.stringify(saved));
  }

  /** The player as the page left it: the same item at the same position, paused. */
  private restore() {
    let saved: SavedPlayer | null = null;
    try {
      saved = JSON.parse(localStorage.getItem(SAVED_PLAYER_KEY) ?? "null") as SavedPlayer | null;
    } catch {
      saved = null;
    }
    if (!saved?.item?._id) return;
    this.state = {
      ...initial,
      item: saved.item,
      queue: Array.isArray(saved.queue) ? saved.queue : [],
      position: Number(saved.position) || 0,
      duration: Number(saved.duration) || 0,
      rate: Number(saved.rate) || 1,
      stage: saved.item.locked ? "locked" : "ready",
    };
  }

  /** Whether the mood question (`when`) may still be asked in this browsing session; asking uses it. */
  private askMood(when: "before" | "after"): boolean {
    const key = `${MOOD_ASKED_KEY}-${when}`;
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, "1");
    return true;
  }

  private element(): HTMLAudioElement {
    if (this.audio) return this.audio;
    const audio = new Audio();
    audio.preload = "auto";
    audio.addEventListener("timeupdate", () => {
      this.tick();
      this.set({ position: audio.currentTime });
      if (this.pendingSeconds() >= REPORT_EVERY_SECONDS) void this.report();
      if (Math.abs(audio.currentTime - this.lastSave) >= SAVE_EVERY_SECONDS) this.save();
    });
    audio.addEventListener("durationchange", () => {
      if (Number.isFinite(audio.duration)) this.set({ duration: audio.duration });
    });
    audio.addEventListener("play", () => {
      this.lastTick = performance.now();
      this.set({ playing: true });
      this.updateMediaSession();
      this.setPlaybackState("playing");
    });
    audio.addEventListener("pause", () => {
      this.tick();
      this.lastTick = null;
      this.set({ playing: false, position: audio.currentTime });
      this.setPlaybackState("paused");
      this.save();
      if (!audio.ended) void this.report();
    });
    audio.addEventListener("seeking", () => {
      this.tick();
      if (!audio.paused) this.lastTick = performance.now();
    });
    audio.addEventListener("seeked", () => {
      this.set({ position: audio.currentTime });
      void this.report();
    });
    audio.addEventListener("ended", () => {
      this.tick();
      this.lastTick = null;
      this.stopAfterItem = this.state.sleep?.kind === "end-of-item";
      if (this.stopAfterItem) this.setSleep(null);
      this.set({ playing: false, position: audio.currentTime });
      if (this.askMood("after")) this.set({ stage: "mood-after", expanded: true });
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
    window.addEventListener("pagehide", () => this.reportOnHide());
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
    void this.closeSession();
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
      askMoodBefore: !item.locked && this.askMood("before"),
      expanded: true,
    });
    if (!item.locked) void this.start(from);
  }

  /** The mood before, answered beside the playing audio (null: dismissed); it goes with the session's end. */
  answerMoodBefore(mood: Mood | null) {
    if (mood && this.listening) this.listening.moodBefore = mood;
    this.set({ askMoodBefore: false });
  }

  /** Starts the chosen item: resumes where the listener left off (or at `from`). */
  async start(from?: number) {
    const item = this.state.item;
    if (!item) return;
    const audio = this.element();
    this.set({ stage: "loading", error: null });
    const saved = await downloadedAudioUrl(item._id);
    this.revokeBlob();
    this.blobUrl = saved;
    let source: string;
    let startAt: number;
    try {
      if (!navigator.onLine) throw new ApiError("offline", { code: "network_error", httpStatus: 0 });
      const { data } = await startSession(item._id, from === undefined ? {} : { position: from });
      this.listening = { kind: "online", sessionId: data.sessionId, seq: 0, pending: 0 };
      source = saved ?? data.stream.url;
      startAt = data.startPosition;
      this.set({ offline: false });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "subscription_required") {
        this.set({ stage: "locked" });
        return;
      }
      if (error.httpStatus !== 0 || !saved) {
        this.set({ stage: "error", error: error.message });
        return;
      }
      this.listening = {
        kind: "offline",
        clientId: crypto.randomUUID(),
        startedAt: new Date().toISOString(),
        listened: 0,
      };
      source = saved;
      startAt = from ?? offlinePosition(item._id);
      this.set({ offline: true });
    }
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
    if (!this.audio?.src || !this.listening) return this.start();
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
    clearTimeout(this.sleepTimeout);
    this.stopFade();
    if (sleep === null) return this.set({ sleep: null });
    if (sleep === "end-of-item") return this.set({ sleep: { kind: "end-of-item" } });
    const ms = sleep.minutes * 60_000;
    const fadeMs = Math.min(SLEEP_FADE_SECONDS * 1000, ms);
    this.sleepTimeout = setTimeout(() => this.fadeOut(fadeMs), ms - fadeMs);
    this.set({ sleep: { kind: "minutes", endsAt: Date.now() + ms } });
  }

  /** The sleep timer's end: the volume goes down step by step over `ms`, then the player pauses. */
  private fadeOut(ms: number) {
    const audio = this.audio;
    if (!audio) return this.set({ sleep: null });
    const from = audio.volume;
    let step = 0;
    this.fadeInterval = setInterval(() => {
      step += 1;
      audio.volume = Math.max(0, from * (1 - step / FADE_STEPS));
      if (step < FADE_STEPS) return;
      this.stopFade();
      this.pause();
      audio.volume = from;
      this.set({ sleep: null });
    }, ms / FADE_STEPS);
  }

  private stopFade() {
    clearInterval(this.fadeInterval);
    this.fadeInterval = undefined;
  }

  /**
   * Answers the mood after (or skips it): the session ends and its summary shows (offline, as
   * summed up on this device), offering what comes next. With no summary (the end failed), the
   * next item in the list follows.
   */
  async finish(moodAfter?: Mood) {
    const ended = await this.closeSession(moodAfter);
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
    await this.closeSession();
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
    const ended = await this.closeSession();
    this.set(
      ended && item
        ? { ...initial, rate, item, queue, position, duration, stage: "summary", ...ended }
        : { ...initial, rate },
    );
    this.setPlaybackState("none");
  }

  // ---- reporting ----

  private tick() {
    if (this.lastTick === null || !this.audio || this.audio.paused) return;
    const now = performance.now();
    // Wall time played; a throttled timer (background tab) cannot claim more than a few seconds.
    const seconds = Math.min(Math.max(0, (now - this.lastTick) / 1000), 5);
    this.lastTick = now;
    const listening = this.listening;
    if (listening?.kind === "online") listening.pending += seconds;
    else if (listening?.kind === "offline") listening.listened += seconds;
  }

  private pendingSeconds(): number {
    const listening = this.listening;
    return listening?.kind === "online" ? listening.pending : 0;
  }

  /** Takes what was listened since the last report (at most what one report may carry). */
  private nextReport(listening = this.listening): { sessionId: string; report: ProgressBody } | null {
    if (listening?.kind !== "online" || !this.audio) return null;
    const listenedSeconds = Math.min(Math.round(listening.pending), MAX_REPORT_SECONDS);
    listening.pending = Math.max(0, listening.pending - listenedSeconds);
    listening.seq += 1;
    const position = Math.round(this.audio.currentTime * 10) / 10;
    return { sessionId: listening.sessionId, report: { position, listenedSeconds, seq: listening.seq } };
  }

  private async report() {
    this.tick();
    if (this.listening?.kind === "offline") return this.saveOffline();
    const next = this.nextReport();
    if (!next) return;
    try {
      const { data } = await reportProgress(next.sessionId, next.report);
      if (data.counted) this.set({ counted: true });
    } catch {
      // A lost report: the next one carries the position again (listened time is forgiven).
    }
  }

  private reportOnHide() {
    this.tick();
    if (this.listening?.kind === "offline") return this.saveOffline();
    const next = this.nextReport();
    if (next) beaconProgress(next.sessionId, next.report);
  }

  private saveOffline(moodAfter?: Mood, listening = this.listening) {
    const item = this.state.item;
    if (listening?.kind !== "offline" || !item || !this.audio) return;
    queueSession({
      clientId: listening.clientId,
      resourceId: item._id,
      startedAt: listening.startedAt,
      endedAt: new Date().toISOString(),
      position: Math.round(this.audio.currentTime),
      listenedSeconds: this.offlineListened(listening),
      ...(listening.moodBefore ? { moodBefore: listening.moodBefore } : {}),
      ...(moodAfter ? { moodAfter } : {}),
    });
  }

  /** The seconds of a session listened offline, as the server takes them: at most the file's length. */
  private offlineListened(listening: { listened: number }): number {
    return Math.round(Math.min(listening.listened, this.audio?.duration || Number.POSITIVE_INFINITY));
  }

  /** Ends the listening session; answers its summary (the server's, or this device's offline) and whether it finished (null on failure). */
  private async closeSession(
    moodAfter?: Mood,
  ): Promise<{ summary: SessionSummary; finished: boolean } | null> {
    this.tick();
    const listening = this.listening;
    this.listening = null;
    if (!listening) return null;
    if (listening.kind === "offline") {
      this.saveOffline(moodAfter, listening);
      return offlineSummary(this.offlineListened(listening), this.state.position, this.state.duration);
    }
    const next = this.nextReport(listening);
    if (!next) return null;
    try {
      const { data } = await endListening(next.sessionId, {
        ...next.report,
        ...(listening.moodBefore ? { moodBefore: listening.moodBefore } : {}),
        ...(moodAfter ? { moodAfter } : {}),
      });
      // Minutes, the streak and series progress moved on.
      for (const queryKey of [
        listenKeys.today,
        listenKeys.home,
        listenKeys.continue,
        listenKeys.seriesAll,
        listenKeys.statsAll,
      ])
        void listenQueryClient.invalidateQueries({ queryKey });
      return { summary: data.summary, finished: data.finished };
    } catch {
      // Sessions with no report for 36 hours are closed by the server.
      return null;
    }
  }

  private revokeBlob() {
    if (this.blobUrl) URL.revokeObjectURL(this.blobUrl);
    this.blobUrl = null;
  }

  // ---- lock screen and headset ----

  /** What the lock screen and the headset show: playing, paused, or nothing. */
  private setPlaybackState(playbackState: MediaSessionPlaybackState) {
    if ("mediaSession" in navigator) navigator.mediaSession.playbackState = playbackState;
  }

  private updateMediaSession() {
    const item = this.state.item;
    if (!item || !("mediaSession" in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title: item.title,
      artist: "Serene",
      album: item.interest?.name ?? "",
      artwork: item.image ? [{ src: new URL(item.image, window.location.href).href }] : [],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => void this.play()],
      ["pause", () => this.pause()],
      ["seekbackward", (details) => this.skip(-(details.seekOffset ?? SKIP_SECONDS))],
      ["seekforward", (details) => this.skip(details.seekOffset ?? SKIP_SECONDS)],
      ["seekto", (details) => this.seek(details.seekTime ?? 0)],
      ["nexttrack", () => void this.next()],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
  }
}

export const player = new PlayerEngine();

import type { AppResource, Mood, ProgressBody, SessionSummary } from "@serene/contract";
import { MAX_REPORT_SECONDS } from "@serene/contract/listener";
import { ApiError } from "../../../lib/api-client";
import { downloadedAudioUrl } from "../library/downloads";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { beaconProgress, endListening, reportProgress, startSession } from "./api";
import { offlinePosition, offlineSummary, queueSession } from "./offline-sessions";
import type { PlayerState } from "./player-state";

// The listening session of the item playing: the time listened, counted by the wall clock while
// the audio plays, reported to the API (online) or queued on this device (offline), and ended.

type Listening =
  | { kind: "online"; sessionId: string; seq: number; pending: number; moodBefore?: Mood }
  | {
      kind: "offline";
      clientId: string;
      startedAt: string;
      listened: number;
      moodBefore?: Mood;
    };

/** Where the item plays from and where it starts, or why it does not play (the player's stage). */
export type Begun =
  | { source: string; startAt: number; offline: boolean }
  | { stage: "locked" }
  | { stage: "error"; error: string };

/** What the session reads of the player, and tells it. */
export interface SessionPlayer {
  audio(): HTMLAudioElement | null;
  state(): PlayerState;
  /** The server counted this play. */
  counted(): void;
}

export class ListeningSession {
  private listening: Listening | null = null;
  private lastTick: number | null = null;
  /** The downloaded audio playing (an object URL), let go when the next item starts. */
  private blobUrl: string | null = null;

  constructor(private readonly player: SessionPlayer) {}

  /** Whether a session is open. */
  get open(): boolean {
    return this.listening !== null;
  }

  /**
   * Opens the item's session: online, the server's, playing the download when there is one (else
   * the stream) from where the server says; offline, one kept on this device, over the download.
   */
  async begin(item: AppResource, from?: number): Promise<Begun> {
    const saved = await downloadedAudioUrl(item._id);
    if (this.blobUrl) URL.revokeObjectURL(this.blobUrl);
    this.blobUrl = saved;
    try {
      if (!navigator.onLine) throw new ApiError("offline", { code: "network_error", httpStatus: 0 });
      const { data } = await startSession(item._id, from === undefined ? {} : { position: from });
      this.listening = { kind: "online", sessionId: data.sessionId, seq: 0, pending: 0 };
      return { source: saved ?? data.stream.url, startAt: data.startPosition, offline: false };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "subscription_required") return { stage: "locked" };
      if (error.httpStatus !== 0 || !saved) return { stage: "error", error: error.message };
      this.listening = {
        kind: "offline",
        clientId: crypto.randomUUID(),
        startedAt: new Date().toISOString(),
        listened: 0,
      };
      return { source: saved, startAt: from ?? offlinePosition(item._id), offline: true };
    }
  }

  /** The mood before, which goes with the session's end. */
  setMoodBefore(mood: Mood) {
    if (this.listening) this.listening.moodBefore = mood;
  }

  /** The audio plays (again): the clock runs from now. */
  resumeClock() {
    this.lastTick = performance.now();
  }

  /** The audio stopped: what it played so far is counted, the clock stops. */
  stopClock() {
    this.tick();
    this.lastTick = null;
  }

  /** Counts the time played since the last tick. */
  tick() {
    const audio = this.player.audio();
    if (this.lastTick === null || !audio || audio.paused) return;
    const now = performance.now();
    // Wall time played; a throttled timer (background tab) cannot claim more than a few seconds.
    const seconds = Math.min(Math.max(0, (now - this.lastTick) / 1000), 5);
    this.lastTick = now;
    const listening = this.listening;
    if (listening?.kind === "online") listening.pending += seconds;
    else if (listening?.kind === "offline") listening.listened += seconds;
  }

  /** The seconds listened and not reported yet. */
  pendingSeconds(): number {
    const listening = this.listening;
    return listening?.kind === "online" ? listening.pending : 0;
  }

  /** Takes what was listened since the last report (at most what one report may carry). */
  private nextReport(listening = this.listening): { sessionId: string; report: ProgressBody } | null {
    const audio = this.player.audio();
    if (listening?.kind !== "online" || !audio) return null;
    const listenedSeconds = Math.min(Math.round(listening.pending), MAX_REPORT_SECONDS);
    listening.pending = Math.max(0, listening.pending - listenedSeconds);
    listening.seq += 1;
    const position = Math.round(audio.currentTime * 10) / 10;
    return { sessionId: listening.sessionId, report: { position, listenedSeconds, seq: listening.seq } };
  }

  /** Reports the time listened and the position (offline: keeps them on this device). */
  async report() {
    this.tick();
    if (this.listening?.kind === "offline") return this.saveOffline();
    const next = this.nextReport();
    if (!next) return;
    try {
      const { data } = await reportProgress(next.sessionId, next.report);
      if (data.counted) this.player.counted();
    } catch {
      // A lost report: the next one carries the position again (listened time is forgiven).
    }
  }

  /** The same report from a page going away (pagehide). */
  reportOnHide() {
    this.tick();
    if (this.listening?.kind === "offline") return this.saveOffline();
    const next = this.nextReport();
    if (next) beaconProgress(next.sessionId, next.report);
  }

  private saveOffline(moodAfter?: Mood, listening = this.listening) {
    const item = this.player.state().item;
    const audio = this.player.audio();
    if (listening?.kind !== "offline" || !item || !audio) return;
    queueSession({
      clientId: listening.clientId,
      resourceId: item._id,
      startedAt: listening.startedAt,
      endedAt: new Date().toISOString(),
      position: Math.round(audio.currentTime),
      listenedSeconds: this.offlineListened(listening),
      ...(listening.moodBefore ? { moodBefore: listening.moodBefore } : {}),
      ...(moodAfter ? { moodAfter } : {}),
    });
  }

  /** The seconds of a session listened offline, as the server takes them: at most the file's length. */
  private offlineListened(listening: { listened: number }): number {
    return Math.round(
      Math.min(listening.listened, this.player.audio()?.duration || Number.POSITIVE_INFINITY),
    );
  }

  /** Ends the listening session; answers its summary (the server's, or this device's offline) and whether it finished (null on failure). */
  async close(moodAfter?: Mood): Promise<{ summary: SessionSummary; finished: boolean } | null> {
    this.tick();
    const listening = this.listening;
    this.listening = null;
    if (!listening) return null;
    if (listening.kind === "offline") {
      this.saveOffline(moodAfter, listening);
      const { position, duration } = this.player.state();
      return offlineSummary(this.offlineListened(listening), position, duration);
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
}

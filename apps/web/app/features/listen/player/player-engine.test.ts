import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppResource } from "@serene/contract";
import { MAX_REPORT_SECONDS, MAX_SYNC_SESSIONS } from "@serene/contract/listener";

// The player's rules, without a browser: a stand-in audio element driven by the test's clock, the
// API calls replaced by spies, the device's storage by maps. The offline queue is the real one.

vi.mock("./api", () => ({
  startSession: vi.fn(),
  reportProgress: vi.fn(async () => ({ data: { counted: false } })),
  // No summary unless a test gives one: the end fails as it does offline (the next item follows).
  endListening: vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
  beaconProgress: vi.fn(() => true),
  syncSessions: vi.fn(),
}));
vi.mock("../library/downloads", () => ({ downloadedAudioUrl: vi.fn(async () => null) }));
vi.mock("../shared/listen-query-client", () => ({
  listenQueryClient: { invalidateQueries: vi.fn(), getQueryData: vi.fn() },
  listenKeys: { today: ["listen", "today"] },
}));
vi.mock("../../../lib/api-client", () => ({
  ApiError: class ApiError extends Error {
    code: string;
    httpStatus: number;
    constructor(message: string, { code, httpStatus }: { code: string; httpStatus: number }) {
      super(message);
      this.code = code;
      this.httpStatus = httpStatus;
    }
  },
}));

const api = await import("./api");
const downloads = await import("../library/downloads");
const offline = await import("./offline-sessions");
// Loaded once with the file (on a busy machine its first load takes seconds, not a test's time).
const { PlayerEngine } = await import("./player-engine");

/** An audio element as far as the player uses it: time, volume and the events it listens to. */
class FakeAudio extends EventTarget {
  src = "";
  currentTime = 0;
  duration = 60;
  paused = true;
  ended = false;
  volume = 1;
  playbackRate = 1;
  readyState = 1;
  preload = "";
  async play() {
    this.paused = false;
    this.dispatchEvent(new Event("play"));
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event("pause"));
  }
}

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

let audio: FakeAudio;
const item = { _id: "r1", title: "Still water", locked: false, durationSeconds: 60 } as AppResource;
const other = { _id: "r2", title: "Rain", locked: false, durationSeconds: 60 } as AppResource;

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance"],
  });
  const localStorage = new MemoryStorage();
  vi.stubGlobal("window", Object.assign(new EventTarget(), { localStorage }));
  vi.stubGlobal("localStorage", localStorage);
  vi.stubGlobal("sessionStorage", new MemoryStorage());
  vi.stubGlobal("navigator", { onLine: true, sendBeacon: () => true });
  vi.stubGlobal(
    "Audio",
    class {
      constructor() {
        audio = new FakeAudio();
        return audio;
      }
    },
  );
  vi.mocked(api.startSession).mockResolvedValue({
    status: true,
    message: "",
    data: {
      sessionId: "s1",
      stream: { url: "/audio.mp3", expiresAt: "" },
      startPosition: 0,
      durationSeconds: 60,
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function engine() {
  return new PlayerEngine();
}

/**
 * Waits for what the player does between promises (a session started, a report answered). Unlike
 * `vi.waitFor`, which moves the fake clock on at every check, it never moves the clock: on a busy
 * machine more checks would otherwise mean more seconds "played" before the test's own.
 */
async function until(check: () => void) {
  for (let attempt = 0; ; attempt++) {
    try {
      return check();
    } catch (error) {
      if (attempt >= 1000) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Plays for `seconds` of the test's clock, the element reporting its time every second. */
function listen(seconds: number) {
  for (let s = 0; s < seconds; s++) {
    vi.advanceTimersByTime(1000);
    audio.currentTime += 1;
    audio.dispatchEvent(new Event("timeupdate"));
  }
}

/** Opens an item: it starts by itself (one tap plays); answers once it stands at `stage`. */
async function opened(player: Awaited<ReturnType<typeof engine>>, chosen: AppResource, stage = "ready") {
  player.open(chosen, [item, other]);
  await until(() => expect(player.getState().stage).toBe(stage));
}

/** An item open and playing. */
async function playing() {
  const player = await engine();
  await opened(player, item);
  expect(player.getState()).toMatchObject({ stage: "ready", playing: true });
  return player;
}

describe("the player's rules (player-engine.ts)", () => {
  it("reports every 15 seconds of listening, with the seconds listened, the position and a rising seq", async () => {
    await playing();
    listen(14);
    expect(api.reportProgress).not.toHaveBeenCalled();
    listen(1);
    expect(api.reportProgress).toHaveBeenCalledTimes(1);
    expect(api.reportProgress).toHaveBeenLastCalledWith("s1", { position: 15, listenedSeconds: 15, seq: 1 });
    listen(15);
    expect(api.reportProgress).toHaveBeenLastCalledWith("s1", { position: 30, listenedSeconds: 15, seq: 2 });
  });

  it("counts wall time played: a throttled timer (a background tab) claims at most 5 s at once", async () => {
    const player = await playing();
    vi.advanceTimersByTime(60_000);
    audio.currentTime = 60;
    audio.dispatchEvent(new Event("timeupdate"));
    player.pause();
    expect(api.reportProgress).toHaveBeenLastCalledWith("s1", { position: 60, listenedSeconds: 5, seq: 1 });
  });

  it("resumes where the server says, and from the start when that is at the very end", async () => {
    vi.mocked(api.startSession).mockResolvedValueOnce({
      status: true,
      message: "",
      data: {
        sessionId: "s1",
        stream: { url: "/a.mp3", expiresAt: "" },
        startPosition: 42,
        durationSeconds: 60,
      },
    });
    const player = await engine();
    await opened(player, item);
    expect(audio.currentTime).toBe(42);

    vi.mocked(api.startSession).mockResolvedValueOnce({
      status: true,
      message: "",
      data: {
        sessionId: "s2",
        stream: { url: "/b.mp3", expiresAt: "" },
        startPosition: 59.5,
        durationSeconds: 60,
      },
    });
    audio.currentTime = 0;
    await opened(player, other);
    expect(api.startSession).toHaveBeenLastCalledWith("r2", {});
    expect(audio.currentTime).toBe(0);
  });

  it("offline, plays a download and queues the session for later, at its position", async () => {
    vi.stubGlobal("navigator", { onLine: false, sendBeacon: () => true });
    vi.mocked(downloads.downloadedAudioUrl).mockResolvedValueOnce("blob:saved");
    const player = await playing();
    expect(api.startSession).not.toHaveBeenCalled();
    expect(player.getState().offline).toBe(true);
    expect(audio.src).toBe("blob:saved");
    listen(20);
    player.pause();
    expect(offline.queuedSessions()).toEqual([
      expect.objectContaining({ resourceId: "r1", position: 20, listenedSeconds: 20 }),
    ]);
    expect(api.reportProgress).not.toHaveBeenCalled();
  });

  it("offline with no download, says it cannot play rather than waiting", async () => {
    vi.stubGlobal("navigator", { onLine: false, sendBeacon: () => true });
    const player = await engine();
    await opened(player, item, "error");
  });

  it("keeps the item and position across a reload and comes back paused", async () => {
    const player = await playing();
    listen(12);
    player.pause();
    const reloaded = await engine();
    expect(reloaded.getState()).toMatchObject({
      item: { _id: "r1" },
      queue: [{ _id: "r1" }, { _id: "r2" }],
      position: 12,
      stage: "ready",
      playing: false,
    });
    // Play starts a new session from there.
    await reloaded.play();
    expect(api.startSession).toHaveBeenCalledTimes(2);
    // Closed, nothing is kept.
    await reloaded.close();
    expect((await engine()).getState().item).toBeNull();
  });

  it("the sleep timer lowers the volume over its last 10 seconds, then pauses and puts the volume back", async () => {
    const player = await playing();
    player.setSleep({ minutes: 1 });
    vi.advanceTimersByTime(50_000);
    expect(audio.volume).toBe(1);
    vi.advanceTimersByTime(5_000);
    expect(audio.volume).toBeCloseTo(0.5, 1);
    expect(audio.paused).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(audio.paused).toBe(true);
    expect(audio.volume).toBe(1);
    expect(player.getState().sleep).toBeNull();
  });

  it("levels each item to −16 LUFS by turning it down (levelGain), and the sleep fade comes back to that level", async () => {
    const player = await engine();
    await opened(player, { ...item, loudness: { lufs: -10, peak: -1 } });
    expect(audio.volume).toBeCloseTo(0.5012, 4);
    player.setSleep({ minutes: 1 });
    vi.advanceTimersByTime(60_000);
    expect(audio.paused).toBe(true);
    expect(audio.volume).toBeCloseTo(0.5012, 4);
    // A quiet item next is not boosted: full volume.
    player.playNext({ ...other, loudness: { lufs: -24, peak: -6 } });
    await until(() => expect(player.getState().stage).toBe("ready"));
    expect(audio.volume).toBe(1);
  });

  it("turning the sleep timer off mid-fade stops the fade", async () => {
    const player = await playing();
    player.setSleep({ minutes: 1 });
    vi.advanceTimersByTime(55_000);
    player.setSleep(null);
    const volume = audio.volume;
    vi.advanceTimersByTime(10_000);
    expect(audio.volume).toBe(volume);
    expect(audio.paused).toBe(false);
  });

  it("plays at once and asks the mood beside the playing audio, at most once per browsing session; the answer goes with the end", async () => {
    const player = await engine();
    await opened(player, item);
    expect(player.getState()).toMatchObject({ playing: true, askMoodBefore: true });
    player.answerMoodBefore("sad");
    expect(player.getState().askMoodBefore).toBe(false);
    listen(3);
    await player.close();
    expect(api.endListening).toHaveBeenLastCalledWith("s1", expect.objectContaining({ moodBefore: "sad" }));
    await opened(player, other);
    expect(player.getState()).toMatchObject({ playing: true, askMoodBefore: false });
  });

  it("stopped part way, the summary keeps where it stood; Play again starts from 0", async () => {
    const summary = {
      minutes: 0,
      minutesToday: 0,
      streak: { current: 0, extended: false },
      moodLift: null,
      nextInSeries: null,
    };
    vi.mocked(api.endListening).mockResolvedValueOnce({
      status: true,
      message: "",
      data: { counted: false, finished: false, summary },
    });
    const player = await playing();
    listen(45);
    await player.close();
    expect(player.getState()).toMatchObject({
      stage: "summary",
      finished: false,
      position: 45,
      duration: 60,
    });
    player.playNext(item, { from: 0 });
    await until(() => expect(player.getState().stage).toBe("ready"));
    expect(api.startSession).toHaveBeenLastCalledWith("r1", { position: 0 });
  });

  it("reports on pause, on a seek and, by beacon, as the page goes away: each with the seconds since the last", async () => {
    const player = await playing();
    listen(7);
    player.pause();
    expect(api.reportProgress).toHaveBeenLastCalledWith("s1", { position: 7, listenedSeconds: 7, seq: 1 });
    await player.play();
    listen(3);
    audio.dispatchEvent(new Event("seeking"));
    player.seek(40);
    audio.dispatchEvent(new Event("seeked"));
    expect(api.reportProgress).toHaveBeenLastCalledWith("s1", { position: 40, listenedSeconds: 3, seq: 2 });
    listen(4);
    window.dispatchEvent(new Event("pagehide"));
    expect(api.beaconProgress).toHaveBeenCalledWith("s1", { position: 44, listenedSeconds: 4, seq: 3 });
    expect(api.reportProgress).toHaveBeenCalledTimes(2);
  });

  it("a report carries at most MAX_REPORT_SECONDS; what is left goes with the next one", async () => {
    const player = await playing();
    // Scrubbing: time passes and is counted (5 s at most each time) with no report on the way.
    for (let i = 0; i < 30; i++) {
      vi.advanceTimersByTime(5_000);
      audio.dispatchEvent(new Event("seeking"));
    }
    player.pause();
    expect(MAX_REPORT_SECONDS).toBe(120);
    expect(api.reportProgress).toHaveBeenLastCalledWith("s1", { position: 0, listenedSeconds: 120, seq: 1 });
    await player.play();
    player.pause();
    expect(api.reportProgress).toHaveBeenLastCalledWith("s1", { position: 0, listenedSeconds: 30, seq: 2 });
  });

  it("a lost report loses only its seconds: the next carries the position and the next seq; counted shows", async () => {
    const player = await playing();
    vi.mocked(api.reportProgress).mockRejectedValueOnce(new TypeError("Failed to fetch"));
    listen(15);
    await until(() => expect(api.reportProgress).toHaveBeenCalledTimes(1));
    expect(player.getState().counted).toBe(false);
    vi.mocked(api.reportProgress).mockResolvedValueOnce({
      status: true,
      message: "",
      data: { counted: true },
    });
    listen(15);
    expect(api.reportProgress).toHaveBeenLastCalledWith("s1", { position: 30, listenedSeconds: 15, seq: 2 });
    await until(() => expect(player.getState().counted).toBe(true));
  });

  it("offline, the session's end shows its summary, summed up on this device, and the session waits in the queue", async () => {
    vi.stubGlobal("navigator", { onLine: false, sendBeacon: () => true });
    vi.mocked(downloads.downloadedAudioUrl).mockResolvedValueOnce("blob:saved");
    const queries = await import("../shared/listen-query-client");
    // Today's card as last read: 3 minutes, a streak of 2 days.
    vi.mocked(queries.listenQueryClient.getQueryData).mockReturnValueOnce({
      data: { minutesToday: 3, streak: { current: 2 } },
    });
    const player = await playing();
    listen(75);
    await player.close();
    expect(player.getState()).toMatchObject({
      stage: "summary",
      item: { _id: "r1" },
      summary: {
        minutes: 1,
        minutesToday: 4,
        streak: { current: 2, extended: false },
        moodLift: null,
        nextInSeries: null,
      },
    });
    expect(offline.queuedSessions()).toEqual([
      // (At most the file's length: the server takes no more for one session.)
      expect.objectContaining({ resourceId: "r1", listenedSeconds: 60 }),
    ]);
  });

  it("offline, a download resumes where the listener stopped it offline", async () => {
    vi.stubGlobal("navigator", { onLine: false, sendBeacon: () => true });
    vi.mocked(downloads.downloadedAudioUrl).mockResolvedValue("blob:saved");
    const player = await playing();
    listen(20);
    await player.close();
    audio.currentTime = 0;
    await opened(player, item);
    expect(audio.currentTime).toBe(20);
    expect(api.startSession).not.toHaveBeenCalled();
  });

  it("the end-of-item sleep timer stops the player when the item ends instead of going on to the next", async () => {
    const player = await playing();
    player.setSleep("end-of-item");
    listen(60);
    audio.paused = true;
    audio.ended = true;
    audio.dispatchEvent(new Event("ended"));
    expect(player.getState().stage).toBe("mood-after");
    await player.finish();
    expect(player.getState()).toMatchObject({ stage: "idle", item: null, playing: false, sleep: null });
    expect(api.startSession).toHaveBeenCalledTimes(1);
  });

  it("asks the mood after at most once per browsing session; without a timer the next item follows", async () => {
    const player = await playing();
    const end = () => {
      audio.paused = true;
      audio.ended = true;
      audio.dispatchEvent(new Event("ended"));
      audio.ended = false;
    };
    end();
    expect(player.getState().stage).toBe("mood-after");
    await player.finish("happy");
    expect(api.endListening).toHaveBeenLastCalledWith("s1", expect.objectContaining({ moodAfter: "happy" }));
    // Offline-like end (no summary from the server): the list's next item starts.
    expect(player.getState()).toMatchObject({ stage: "ready", item: { _id: "r2" } });
    end();
    expect(player.getState().stage).not.toBe("mood-after");
    await until(() => expect(api.endListening).toHaveBeenCalledTimes(2));
  });
});

describe("the offline queue (offline-sessions.ts)", () => {
  const session = (n: number, position = n) => ({
    clientId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    resourceId: "r1",
    startedAt: "2026-01-01T10:00:00Z",
    endedAt: "2026-01-01T10:05:00Z",
    position,
    listenedSeconds: 60,
  });
  const acceptAll = () =>
    vi.mocked(api.syncSessions).mockImplementation(async (sessions) => ({
      items: sessions.map((s) => ({ clientId: s.clientId, accepted: true })),
      meta: {},
    }));

  it("keeps sessions while offline and sends them in the order listened once back, MAX_SYNC_SESSIONS a call", async () => {
    const queued = Array.from({ length: MAX_SYNC_SESSIONS + 5 }, (_, i) => session(i + 1));
    for (const s of queued) offline.queueSession(s);
    acceptAll();

    vi.stubGlobal("navigator", { onLine: false });
    expect(await offline.sendQueuedSessions()).toBe(0);
    expect(api.syncSessions).not.toHaveBeenCalled();
    expect(offline.queuedSessions()).toHaveLength(MAX_SYNC_SESSIONS + 5);

    vi.stubGlobal("navigator", { onLine: true });
    expect(await offline.sendQueuedSessions()).toBe(MAX_SYNC_SESSIONS);
    expect(vi.mocked(api.syncSessions).mock.calls[0]![0]).toEqual(queued.slice(0, MAX_SYNC_SESSIONS));
    expect(offline.queuedSessions()).toEqual(queued.slice(MAX_SYNC_SESSIONS));
    expect(await offline.sendQueuedSessions()).toBe(5);
    expect(vi.mocked(api.syncSessions).mock.calls[1]![0]).toEqual(queued.slice(MAX_SYNC_SESSIONS));
    expect(offline.queuedSessions()).toEqual([]);
  });

  it("keeps what the server did not answer (a failed call, a session missing from the answer)", async () => {
    offline.queueSession(session(1));
    offline.queueSession(session(2));
    const { ApiError } = await import("../../../lib/api-client");
    vi.mocked(api.syncSessions).mockRejectedValueOnce(
      new ApiError("offline", { code: "network_error", httpStatus: 0 }),
    );
    expect(await offline.sendQueuedSessions()).toBe(0);
    expect(offline.queuedSessions()).toHaveLength(2);
    vi.mocked(api.syncSessions).mockResolvedValueOnce({
      items: [{ clientId: session(1).clientId, accepted: false, reason: "too_long" }],
      meta: {},
    });
    expect(await offline.sendQueuedSessions()).toBe(0);
    expect(offline.queuedSessions()).toEqual([session(2)]);
  });

  it("a session saved again (same client id) is kept once, with its latest position", () => {
    offline.queueSession(session(1, 10));
    offline.queueSession(session(1, 25));
    expect(offline.queuedSessions()).toEqual([session(1, 25)]);
    expect(offline.offlinePosition("r1")).toBe(25);
  });
});

describe("the player's controls and its list (player-engine.ts)", () => {
  const locked = { _id: "r3", title: "Deep rest", locked: true, durationSeconds: 60 } as AppResource;
  const last = { _id: "r4", title: "Dusk", locked: false, durationSeconds: 60 } as AppResource;

  it("seeks within the item (never before 0, never onto its very end); skip moves 15 s either way", async () => {
    const player = await playing();
    const { SKIP_SECONDS } = await import("./player-state");
    player.seek(30);
    expect(player.getState().position).toBe(30);
    player.skip(SKIP_SECONDS);
    expect(audio.currentTime).toBe(45);
    player.skip(-60);
    expect(audio.currentTime).toBe(0);
    player.seek(600);
    expect(audio.currentTime).toBe(59.75);
  });

  it("keeps the chosen speed for the next item", async () => {
    const player = await playing();
    player.setRate(1.5);
    expect(audio.playbackRate).toBe(1.5);
    await opened(player, other);
    expect(player.getState().rate).toBe(1.5);
    expect(audio.playbackRate).toBe(1.5);
  });

  it("the next item is the list's next one the listener may play: locked ones are passed over, none after the last", async () => {
    const player = await engine();
    player.open(item, [item, locked, last]);
    await until(() => expect(player.getState().stage).toBe("ready"));
    expect(player.nextItem()?._id).toBe("r4");

    player.open(last, [item, locked, last]);
    await until(() => expect(player.getState().item?._id).toBe("r4"));
    expect(player.nextItem()).toBeNull();
  });

  it("a locked item opens on the paid wall, without a session; a subscription refusal shows the wall too", async () => {
    const player = await engine();
    player.open(locked, [locked]);
    expect(player.getState()).toMatchObject({ stage: "locked", askMoodBefore: false });
    expect(api.startSession).not.toHaveBeenCalled();

    const { ApiError } = await import("../../../lib/api-client");
    vi.mocked(api.startSession).mockRejectedValueOnce(
      new ApiError("Subscribe to listen", { code: "subscription_required", httpStatus: 403 }),
    );
    player.open(other, [other]);
    await until(() => expect(player.getState().stage).toBe("locked"));
  });

  it("opening the item already playing only unfolds the player: no new session", async () => {
    const player = await playing();
    player.setExpanded(false);
    player.open(item, [item, other]);
    expect(player.getState()).toMatchObject({ expanded: true, stage: "ready" });
    expect(api.startSession).toHaveBeenCalledTimes(1);
  });
});

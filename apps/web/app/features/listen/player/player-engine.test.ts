import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppResource } from "@serene/contract";

// The player's rules, without a browser: a stand-in audio element driven by the test's clock, the
// API calls replaced by spies, the device's storage by maps. The offline queue is the real one.

vi.mock("./api", () => ({
  startSession: vi.fn(),
  reportProgress: vi.fn(async () => ({ data: { counted: false } })),
  endListening: vi.fn(async () => ({ data: { counted: true, finished: false, summary: null } })),
  beaconProgress: vi.fn(() => true),
  syncSessions: vi.fn(),
}));
vi.mock("../library/downloads", () => ({ downloadedAudioUrl: vi.fn(async () => null) }));
vi.mock("../shared/listen-query-client", () => ({ listenQueryClient: { invalidateQueries: vi.fn() } }));
vi.mock("../shared/queries", () => ({ listenKeys: {} }));
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

async function engine() {
  const { PlayerEngine } = await import("./player-engine");
  return new PlayerEngine();
}

/** Plays for `seconds` of the test's clock, the element reporting its time every second. */
function listen(seconds: number) {
  for (let s = 0; s < seconds; s++) {
    vi.advanceTimersByTime(1000);
    audio.currentTime += 1;
    audio.dispatchEvent(new Event("timeupdate"));
  }
}

/** An item open and playing (the mood question skipped). */
async function playing() {
  const player = await engine();
  player.open(item, [item, other]);
  await player.start();
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
    player.open(item);
    await player.start();
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
    player.open(other);
    await player.start();
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
    player.open(item);
    await player.start();
    expect(player.getState().stage).toBe("error");
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

  it("asks the mood before at most once per browsing session", async () => {
    const player = await engine();
    player.open(item);
    expect(player.getState().stage).toBe("mood-before");
    await player.close();
    player.open(other);
    expect(player.getState().stage).toBe("loading");
    await vi.waitFor(() => expect(player.getState().stage).toBe("ready"));
  });
});

import type {
  ContentStats,
  EndSessionBody,
  ListenerStats,
  Mood,
  MoodLift,
  ProgressBody,
  StartSessionBody,
  SyncRefusal,
  SyncSession,
  SyncVerdict,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { type AppResourceRow, findPublishedResource, type StreamService } from "../catalogue/index.ts";
import { isPaid } from "../entitlement/index.ts";
import { addToPlayCount } from "../resources/index.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { parseTimeCursor, timePage } from "../../lib/paging.ts";
import {
  addFavourite,
  addToDayTotals,
  closeSilentSessions,
  contentStats,
  endOpenSessions,
  endSession,
  findListener,
  findSession,
  findProgress,
  firstPlayOfDay,
  findPublishedResources,
  hasPlayNear,
  hideProgress,
  insertPlay,
  insertSession,
  insertSyncedSession,
  insertSyncRefusal,
  knownSyncVerdicts,
  type Listener,
  listContinue,
  listeningByDay,
  listFavourites,
  listHistory,
  lockProgress,
  lockSession,
  playDays,
  removeFavourite,
  reportProgress,
  saveProgress,
  updateSession,
} from "./listening.repository.ts";

const SECOND = 1000;
const HOUR = 3_600 * SECOND;
const DAY = 24 * HOUR;
/** A play counts at 60 s listened in total (or the whole file, when shorter). */
export const PLAY_SECONDS = 60;
/** Sessions with no report for this long are closed by the job. */
export const SILENT_SESSION_MS = 36 * HOUR;
/** Offline sessions may end this far after the server's now (a phone's clock runs a little ahead). */
const CLOCK_SKEW_MS = 5 * 60 * SECOND;

/** The catalogue's grant of a content's audio: a short-lived signed URL. */
export type StreamGrant = Pick<StreamService, "grant">;

export interface ListeningDeps {
  db: Db;
  /** The clock: every rule reads the time here, so tests move it. */
  now: () => Date;
  stream: StreamGrant;
  /** The next unfinished item of a series holding this content (the series module's, given here). */
  nextInSeries: (userId: string, resourceId: string) => Promise<AppResourceRow | null>;
}

/** A session's mood lift: happy ranks above sad and angry, which rank the same; null without both moods. */
function moodLiftOf(before: Mood | null, after: Mood | null) {
  if (!before || !after) return null;
  const rank = (m: Mood) => (m === "happy" ? 1 : 0);
  const d = rank(after) - rank(before);
  return d > 0 ? ("improved" as const) : d < 0 ? ("worse" as const) : ("same" as const);
}

/** Paid content is locked for a listener not entitled at `at` (the entitlement rule at the service's clock). */
const isLocked = (
  resource: { paymentType: "paid" | "free" },
  listener: Pick<Listener, "paidUntil">,
  at: Date,
) => resource.paymentType === "paid" && !isPaid(listener.paidUntil, at);

/** What must be listened for a play to count: 60 s, or the whole of a shorter file. */
const playThreshold = (durationSeconds: number | null) =>
  durationSeconds !== null && durationSeconds > 0 ? Math.min(PLAY_SECONDS, durationSeconds) : PLAY_SECONDS;

/** `date` (YYYY-MM-DD) moved by `days`. */
function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The listener's day of an instant in `timeZone`, the day turning at 04:00 local time. */
export function listenerDay(at: Date, timeZone: string) {
  const shifted = new Date(at.getTime() - 4 * HOUR);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(shifted);
}

/** Current streak (up to today, or up to yesterday while today has no play yet) and longest, from sorted days. */
function streaks(days: string[], today: string) {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const last = days.at(-1);
  const current = last === today || (last !== undefined && addDays(last, 1) === today) ? run : 0;
  return { current, longest };
}

export function createListeningService({ db, now, stream, nextInSeries }: ListeningDeps) {
  async function listener(userId: string) {
    const found = await findListener(db, userId);
    if (!found) throw notFound("User");
    return found;
  }

  async function listenable(resourceId: string) {
    const found = await findPublishedResource(db, resourceId);
    if (!found) throw notFound("Content");
    return found;
  }

  /**
   * Counts the session's play when the rule is met and no play of this listener and content
   * lies within 24 hours of `at`. The caller holds the progress row's lock (lockProgress or saveProgress), so
   * two sessions of one listener and content never both count.
   */
  async function countPlay(
    tx: Db,
    s: { id: string; userId: string; resourceId: string; listenedSeconds: number; counted: boolean },
    durationSeconds: number | null,
    at: Date,
  ) {
    if (s.counted) return true;
    if (s.listenedSeconds < playThreshold(durationSeconds)) return false;
    if (await hasPlayNear(tx, s.userId, s.resourceId, at)) return false;
    await insertPlay(tx, { userId: s.userId, resourceId: s.resourceId, sessionId: s.id, at });
    await addToPlayCount(tx, s.resourceId);
    return true;
  }

  /** The verdict on one offline session (null: accepted). */
  function judge(
    item: SyncSession,
    user: Listener,
    resource: AppResourceRow | undefined,
    at: Date,
  ): SyncRefusal | null {
    if (!resource) return "unknown_resource";
    const startedAt = new Date(item.startedAt);
    const endedAt = new Date(item.endedAt);
    if (startedAt < user.timeCreated || endedAt.getTime() > at.getTime() + CLOCK_SKEW_MS)
      return "outside_account_lifetime";
    const length = resource.resource.durationSeconds;
    if (length !== null && (item.listenedSeconds > length || item.position > length)) return "too_long";
    if (isLocked(resource.resource, user, startedAt)) return "not_entitled";
    return null;
  }

  /** A report that changed nothing (unknown, ended or replayed session): 404, or the session as it is. */
  async function notTaken(userId: string, sessionId: string, end: boolean, at: Date) {
    const found = await findSession(db, userId, sessionId);
    if (!found) throw notFound("Session");
    if (end && !found.endedAt) await endSession(db, found.id, at);
    return { counted: found.counted, finished: found.finished };
  }

  /** Counts the play of a reported session, under the locks countPlay needs (session, then progress). */
  function countReported(userId: string, sessionId: string, at: Date) {
    return db.transaction(async (tx) => {
      const { session: s, durationSeconds } = (await lockSession(tx, userId, sessionId))!;
      await lockProgress(tx, userId, s.resourceId);
      const counted = await countPlay(tx, s, durationSeconds, at);
      if (counted && !s.counted) await updateSession(tx, s.id, { counted: true });
      return counted;
    });
  }

  const service = {
    /** Opens a session (ending the open one of this content) and grants the stream. */
    async start(userId: string, resourceId: string, body: StartSessionBody, origin: string) {
      const at = now();
      const [user, resource] = await Promise.all([listener(userId), listenable(resourceId)]);
      if (isLocked(resource.resource, user, at))
        throw new AppError("subscription_required", "This content needs a subscription");
      const durationSeconds = resource.resource.durationSeconds;
      const session = await db.transaction(async (tx) => {
        await endOpenSessions(tx, userId, resourceId, at);
        const saved = await findProgress(tx, userId, resourceId);
        const startPosition = Math.min(body.position ?? saved?.position ?? 0, durationSeconds ?? Infinity);
        return insertSession(tx, {
          userId,
          resourceId,
          position: startPosition,
          moodBefore: body.moodBefore ?? null,
          startedAt: at,
          lastReportAt: at,
        });
      });
      const grant = await stream.grant(userId, resourceId, origin);
      return {
        sessionId: session.id,
        stream: { url: grant.url, expiresAt: grant.expiresAt.toISOString() },
        startPosition: session.position,
        durationSeconds,
      };
    },

    /**
     * A progress report, or the end of the session (`end`). The seconds are clamped to the wall
     * time since the previous report; a report whose seq is not newer, or one to an ended
     * session, changes nothing (an end still ends an open session). The report itself is one
     * statement; a play is counted after it, in its own transaction, when the rule is met.
     */
    async report(userId: string, sessionId: string, body: ProgressBody | EndSessionBody, end: boolean) {
      const at = now();
      const moods: Partial<EndSessionBody> = body;
      const taken = await reportProgress(db, {
        userId,
        sessionId,
        seq: body.seq,
        listenedSeconds: body.listenedSeconds,
        position: body.position,
        at,
        end: end ? { moodBefore: moods.moodBefore ?? null, moodAfter: moods.moodAfter ?? null } : null,
      });
      if (!taken) return notTaken(userId, sessionId, end, at);
      const due =
        !taken.counted && !taken.playNear && taken.listenedSeconds >= playThreshold(taken.durationSeconds);
      const counted = due ? await countReported(userId, sessionId, at) : taken.counted;
      return { counted, finished: taken.finished };
    },

    /** Offline sessions: each judged once by clientId (a repeat answers the first verdict again). */
    async sync(userId: string, items: SyncSession[]): Promise<SyncVerdict[]> {
      const at = now();
      const user = await listener(userId);
      const known = await knownSyncVerdicts(
        db,
        userId,
        items.map((i) => i.clientId),
      );
      const found = await findPublishedResources(db, [...new Set(items.map((i) => i.resourceId))]);
      const resources = new Map(found.map((r) => [r.resource.id, r]));
      const verdicts: SyncVerdict[] = [];
      for (const item of items) {
        if (!known.has(item.clientId)) {
          const resource = resources.get(item.resourceId);
          const refusal = judge(item, user, resource, at);
          if (refusal) await insertSyncRefusal(db, userId, item.clientId, refusal);
          else await acceptSynced(userId, item, resource!.resource.durationSeconds);
          known.set(item.clientId, refusal);
        }
        const reason = known.get(item.clientId) as SyncRefusal | null;
        verdicts.push(
          reason
            ? { clientId: item.clientId, accepted: false, reason }
            : { clientId: item.clientId, accepted: true },
        );
      }
      return verdicts;
    },

    /** Closes sessions with no report for 36 hours; null when another instance is doing it. */
    closeSilent: () => closeSilentSessions(db, new Date(now().getTime() - SILENT_SESSION_MS)),

    async continueListening(userId: string, cursor: string | undefined, limit: number) {
      const at = now();
      const [user, rows] = await Promise.all([
        listener(userId),
        listContinue(db, userId, parseTimeCursor(cursor), limit + 1),
      ]);
      return timePage(
        rows,
        limit,
        (r) => [r.cursorAt, r.resource.id],
        (r) => ({
          row: r,
          entitled: isPaid(user.paidUntil, at),
          position: r.position,
          updatedAt: r.updatedAt,
        }),
      );
    },

    /** The first `limit` of continue listening, as content rows (the home screen's row). */
    continueRows: (userId: string, limit: number): Promise<AppResourceRow[]> =>
      listContinue(db, userId, null, limit),

    /** Removes a content from continue listening (until it is listened to again). */
    hideProgress: (userId: string, resourceId: string) => hideProgress(db, userId, resourceId),

    async history(userId: string, cursor: string | undefined, limit: number) {
      const at = now();
      const [user, rows] = await Promise.all([
        listener(userId),
        listHistory(db, userId, parseTimeCursor(cursor), limit + 1),
      ]);
      return timePage(
        rows,
        limit,
        (r) => [r.cursorAt, r.id],
        (r) => ({
          row: r,
          entitled: isPaid(user.paidUntil, at),
          listenedSeconds: Math.round(r.listenedSeconds),
          startedAt: r.startedAt,
          finished: r.finished,
        }),
      );
    },

    async favourites(userId: string, cursor: string | undefined, limit: number) {
      const at = now();
      const [user, rows] = await Promise.all([
        listener(userId),
        listFavourites(db, userId, parseTimeCursor(cursor), limit + 1),
      ]);
      return timePage(
        rows,
        limit,
        (r) => [r.cursorAt, r.resource.id],
        (r) => ({ row: r, entitled: isPaid(user.paidUntil, at) }),
      );
    },

    /** Idempotent: a favourite added twice is one favourite. */
    async addFavourite(userId: string, resourceId: string) {
      await listenable(resourceId);
      await addFavourite(db, userId, resourceId);
    },

    /** Idempotent: removing what is not a favourite is fine. */
    removeFavourite: (userId: string, resourceId: string) => removeFavourite(db, userId, resourceId),

    /**
     * The listener's day now (turning at 04:00 in their time zone, UTC when they set none): its
     * date, the minutes listened in it and the streak of days with a counted play.
     */
    async today(userId: string) {
      const at = now();
      const user = await listener(userId);
      const timeZone = user.timeZone ?? "UTC";
      const date = listenerDay(at, timeZone);
      const [rows, played] = await Promise.all([
        listeningByDay(db, userId, timeZone, new Date(at.getTime() - 2 * DAY)),
        playDays(db, userId, timeZone),
      ]);
      const seconds = rows.find((r) => r.day === date)?.seconds ?? 0;
      const { current, longest } = streaks(played, date);
      return {
        date,
        timeZone,
        user,
        entitled: isPaid(user.paidUntil, at),
        minutesToday: Math.floor(seconds / 60),
        streak: { current, longest, todayDone: played.at(-1) === date },
      };
    },

    /**
     * The last report of a session, then its summary: minutes, the day's minutes, the streak
     * (extended when this session's play is the day's first), the mood lift and the series' next item.
     */
    async end(userId: string, sessionId: string, body: EndSessionBody) {
      const verdict = await service.report(userId, sessionId, body, true);
      const session = (await findSession(db, userId, sessionId))!;
      const day = await service.today(userId);
      const first = session.counted ? await firstPlayOfDay(db, userId, day.timeZone, day.date) : undefined;
      return {
        ...verdict,
        entitled: day.entitled,
        summary: {
          minutes: Math.floor(session.listenedSeconds / 60),
          minutesToday: day.minutesToday,
          streak: { current: day.streak.current, extended: first?.sessionId === session.id },
          moodLift: moodLiftOf(session.moodBefore, session.moodAfter),
          nextInSeries: await nextInSeries(userId, session.resourceId),
        },
      };
    },

    /** The listener's figures over the last `days` of their days (turning at 04:00 in their time zone). */
    async stats(userId: string, days: number): Promise<ListenerStats> {
      const at = now();
      const timeZone = (await listener(userId)).timeZone ?? "UTC";
      const today = listenerDay(at, timeZone);
      const first = addDays(today, -(days - 1));
      // A little more than the window (time zones), cut to its days below.
      const [rows, played] = await Promise.all([
        listeningByDay(db, userId, timeZone, new Date(at.getTime() - (days + 2) * DAY)),
        playDays(db, userId, timeZone),
      ]);
      const inWindow = rows.filter((r) => r.day >= first && r.day <= today);
      const seconds = new Map(inWindow.map((r) => [r.day, r.seconds]));
      const sum = (key: "sessions" | "completions" | "moodSessions" | "improved" | "worse") =>
        inWindow.reduce((n, r) => n + r[key], 0);
      const moodLift: MoodLift = {
        sessions: sum("moodSessions"),
        improved: sum("improved"),
        same: sum("moodSessions") - sum("improved") - sum("worse"),
        worse: sum("worse"),
      };
      const { current, longest } = streaks(played, today);
      return {
        totalMinutes: Math.floor(inWindow.reduce((n, r) => n + r.seconds, 0) / 60),
        sessions: sum("sessions"),
        completions: sum("completions"),
        currentStreak: current,
        longestStreak: longest,
        days: Array.from({ length: days }, (_, i) => {
          const date = addDays(first, i);
          return { date, minutes: Math.floor((seconds.get(date) ?? 0) / 60) };
        }),
        moodLift,
      };
    },

    /** Counted plays, unique listeners, minutes, completion rate, average share listened and mood lift of one content. */
    async contentStats(resourceId: string): Promise<ContentStats> {
      const found = (await service.contentStatsOf([resourceId])).get(resourceId);
      if (!found) throw notFound("Content");
      return found;
    },

    /** The same figures for several contents (a host's uploads). */
    async contentStatsOf(resourceIds: string[]): Promise<Map<string, ContentStats>> {
      const rows = await contentStats(db, resourceIds);
      return new Map(
        rows.map((r) => [
          r.resourceId,
          {
            countedPlays: r.countedPlays,
            uniqueListeners: r.uniqueListeners,
            minutes: Math.floor(r.seconds / 60),
            completionRate: r.sessions > 0 ? r.completions / r.sessions : null,
            averageShare: r.averageShare,
            moodLift: {
              sessions: r.moodSessions,
              improved: r.improved,
              same: r.moodSessions - r.improved - r.worse,
              worse: r.worse,
            },
          },
        ]),
      );
    },
  };

  /** Records an accepted offline session, its progress (if the most recent) and its play. */
  async function acceptSynced(userId: string, item: SyncSession, durationSeconds: number | null) {
    const startedAt = new Date(item.startedAt);
    const endedAt = new Date(item.endedAt);
    const listenedSeconds = Math.min(
      item.listenedSeconds,
      (endedAt.getTime() - startedAt.getTime()) / SECOND,
    );
    await db.transaction(async (tx) => {
      const row = await insertSyncedSession(
        tx,
        {
          userId,
          resourceId: item.resourceId,
          clientId: item.clientId,
          listenedSeconds,
          position: item.position,
          moodBefore: item.moodBefore ?? null,
          moodAfter: item.moodAfter ?? null,
          startedAt,
          lastReportAt: endedAt,
          endedAt,
        },
        durationSeconds,
      );
      // Sent at the same time by another call: that one records it.
      if (!row) return;
      await saveProgress(tx, userId, item.resourceId, row.finished ? 0 : item.position, endedAt);
      await addToDayTotals(tx, userId, startedAt, listenedSeconds);
      const s = { id: row.id, userId, resourceId: item.resourceId, listenedSeconds, counted: false };
      if (await countPlay(tx, s, durationSeconds, endedAt))
        await updateSession(tx, row.id, { counted: true });
    });
  }

  return service;
}

export type ListeningService = ReturnType<typeof createListeningService>;

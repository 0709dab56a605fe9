import { randomUUID } from "node:crypto";
import os from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./db/client.ts";
import { claimJob, claimSlot, finishJob, sweepRateLimits } from "./modules/limits/index.ts";
import type { BusinessService, ExpiryReminders, PortalService } from "./modules/business/index.ts";
import type { RemindersService } from "./modules/habit/index.ts";
import type { ListeningService } from "./modules/listening/index.ts";
import type { MediaService } from "./modules/media/index.ts";
import type { ResourcesService } from "./modules/resources/index.ts";
import type { SupportService, SweepResult } from "./modules/support/index.ts";
import type { TrashService } from "./modules/trash/index.ts";

/** The first run, shortly after start, so a server that restarts often still runs them. */
const FIRST_RUN_DELAY_MS = 30_000;
/** A claim lapses after this long, so an instance that died mid-run never blocks a job for good. */
const CLAIM_LEASE_SECONDS = 15 * 60;
/**
 * Reminders have their own tick, apart from the housekeeping and whatever JOB_INTERVAL_SECONDS
 * says (at most this long): a reminder goes out within a minute of its minute.
 */
export const REMINDER_TICK_MS = 60_000;

/** What each job did; null when another instance was running that job at the time. */
export interface JobsResult {
  deletionSweep: SweepResult | null;
  codeEmailsSent: number | null;
  subscriptionsExpired: number | null;
  orphanFilesRemoved: number | null;
  /** Images stored without their variants (from before them) that got them. */
  imageVariantsRendered: number | null;
  /** Audio files of contents from before measuring that got their duration and loudness measured. */
  audioMeasured: number | null;
  /** Not claimed: each instance sweeps its own temporary folder. */
  temporaryFilesRemoved: number;
  rateLimitsRemoved: number | null;
  /** Listening sessions closed after 36 hours without a report. */
  silentSessionsClosed: number | null;
  /** E-mails to business admins about seats expiring in 60, 30 or 7 days. */
  seatExpiryRemindersSent: number | null;
  /** Seats freed at the end of an eligibility removal's grace period. */
  eligibilityRemovalsFreed: number | null;
  /** Users and contents deleted for real after 30 days in the trash. */
  trashPurged: number | null;
}

/**
 * The server's periodic work: the 90-day account-deletion sweep, the trash's 30-day purge, codes e-mails that never went
 * out, paid subscriptions that ran out, business seats about to expire (admins reminded),
 * uploaded files no form ever used, images stored before their variants existed, audio stored before it was measured, temporary files of uploads a crash cut off, and old
 * rate-limit counters. Every instance runs the timers, but the
 * jobs run once per slot of the interval (slots start at multiples of it, by the database clock):
 * the first instance whose timer fires in a slot claims it (job_claims, never released) and
 * runs them; the others skip to the next slot. A run that dies mid-way is not repeated in its
 * slot: the next slot runs the jobs again. Each run of each job is also claimed while it runs,
 * so no two runs of one job overlap (a run longer than its slot, or `runOnce` called by hand).
 * Reminders tick on their own every minute (REMINDER_TICK_MS), their slots claimed the same way
 * per minute; each reminder is also claimed per listener and day (reminder_sends), so none goes twice.
 * Timers are unref'd (they never keep the process alive); `runOnce` and `sendReminders` are what tests call.
 */
export function createScheduledJobs(deps: {
  support: SupportService;
  trash: TrashService;
  business: BusinessService;
  portal: PortalService;
  expiryReminders: ExpiryReminders;
  media: MediaService;
  resources: ResourcesService;
  listening: ListeningService;
  reminders: RemindersService;
  db: Db;
  log: Pick<FastifyBaseLogger, "error" | "debug">;
  intervalMs: number;
}) {
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<JobsResult> | null = null;
  let reminding: Promise<number> | null = null;
  const claimant = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  async function claimed<T>(job: string, work: () => Promise<T>): Promise<T | null> {
    if (!(await claimJob(deps.db, job, claimant, CLAIM_LEASE_SECONDS))) return null;
    try {
      return await work();
    } finally {
      await finishJob(deps.db, job, claimant);
    }
  }

  async function run(): Promise<JobsResult> {
    const result = {
      deletionSweep: await claimed("deletion-sweep", () => deps.support.sweep()),
      codeEmailsSent: await claimed("code-emails", () => deps.business.sendPendingCodeEmails()),
      subscriptionsExpired: await claimed("subscription-expiry", () => deps.business.expireSubscriptions()),
      orphanFilesRemoved: await claimed("orphan-files", () => deps.media.sweepOrphans()),
      imageVariantsRendered: await claimed("image-variants", () => deps.media.renderMissingVariants()),
      audioMeasured: await claimed("audio-measure", () => deps.resources.measureUnmeasured()),
      temporaryFilesRemoved: await deps.media.sweepTemporary(),
      rateLimitsRemoved: await claimed("rate-limit-sweep", () => sweepRateLimits(deps.db)),
      silentSessionsClosed: await claimed("silent-sessions", async () => await deps.listening.closeSilent()),
      seatExpiryRemindersSent: await claimed("seat-expiry-reminders", () =>
        deps.expiryReminders.sendExpiryReminders(),
      ),
      trashPurged: await claimed("trash-purge", () => deps.trash.purgeExpired()),
      eligibilityRemovalsFreed: await claimed("eligibility-removals", () => deps.portal.freeDueRemovals()),
    };
    deps.log.debug({ jobs: result, claimant }, "scheduled jobs ran");
    return result;
  }

  const jobs = {
    /** Runs every job once; a run already under way is joined, not doubled. */
    runOnce(): Promise<JobsResult> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },

    /** Sends the reminders due now (answers how many went); a send under way is joined. */
    sendReminders(): Promise<number> {
      reminding ??= deps.reminders.sendDue().finally(() => {
        reminding = null;
      });
      return reminding;
    },

    start(intervalMs = deps.intervalMs) {
      /** Runs `work` when this instance claims the current slot of `slot` (slots `ms` long). */
      const inSlot = (slot: string, ms: number, work: () => Promise<unknown>) => () => {
        claimSlot(deps.db, slot, claimant, ms / 1000)
          .then(async (ours) => {
            if (ours) await work();
            else deps.log.debug({ claimant, slot }, "another instance has this slot");
          })
          .catch((err) => deps.log.error({ err, slot }, "scheduled work failed"));
      };
      const tick = inSlot("scheduled-jobs", intervalMs, () => jobs.runOnce());
      const reminderMs = Math.min(REMINDER_TICK_MS, intervalMs);
      timers.push(setTimeout(tick, Math.min(FIRST_RUN_DELAY_MS, intervalMs)).unref());
      timers.push(setInterval(tick, intervalMs).unref());
      timers.push(
        setInterval(
          inSlot("reminders", reminderMs, () => jobs.sendReminders()),
          reminderMs,
        ).unref(),
      );
    },

    /** Stops the timers and waits for a run under way. */
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers = [];
      await Promise.all([running?.catch(() => {}), reminding?.catch(() => {})]);
    },
  };
  return jobs;
}

export type ScheduledJobs = ReturnType<typeof createScheduledJobs>;

declare module "fastify" {
  interface FastifyInstance {
    /** Background jobs; the server starts them, tests call runOnce(). */
    jobs: ScheduledJobs;
  }
}

import { randomUUID } from "node:crypto";
import os from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./db/client.ts";
import { claimJob, claimSlot, finishJob, sweepRateLimits } from "./modules/limits/index.ts";
import type { BusinessService, PortalService } from "./modules/business/index.ts";
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
  /** Not claimed as a job: each reminder is claimed per listener and day (reminder_sends). */
  remindersSent: number;
  /** E-mails to business admins about seats expiring in 60, 30 or 7 days. */
  seatExpiryRemindersSent: number | null;
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
 * Timers are unref'd (they never keep the process alive); `runOnce` is what tests call.
 */
export function createScheduledJobs(deps: {
  support: SupportService;
  trash: TrashService;
  business: BusinessService;
  portal: PortalService;
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
      remindersSent: await deps.reminders.sendDue(),
      seatExpiryRemindersSent: await claimed("seat-expiry-reminders", () =>
        deps.portal.sendExpiryReminders(),
      ),
      trashPurged: await claimed("trash-purge", () => deps.trash.purgeExpired()),
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

    start(intervalMs = deps.intervalMs) {
      const tick = () => {
        claimSlot(deps.db, "scheduled-jobs", claimant, intervalMs / 1000)
          .then(async (ours) => {
            if (ours) await jobs.runOnce();
            else deps.log.debug({ claimant }, "scheduled jobs: another instance has this slot");
          })
          .catch((err) => deps.log.error({ err }, "scheduled jobs failed"));
      };
      timers.push(setTimeout(tick, Math.min(FIRST_RUN_DELAY_MS, intervalMs)).unref());
      timers.push(setInterval(tick, intervalMs).unref());
    },

    /** Stops the timers and waits for a run under way. */
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers = [];
      await running?.catch(() => {});
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

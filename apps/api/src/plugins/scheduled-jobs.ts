import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import type { BusinessService } from "../modules/business/business.service.ts";
import type { MediaService } from "../modules/media/media.service.ts";
import type { SupportService, SweepResult } from "../modules/support/support.service.ts";

/** How often the background jobs run. Each is cheap when there is nothing to do. */
export const JOB_INTERVAL_MS = 15 * 60_000;
/** The first run, shortly after start, so a server that restarts often still runs them. */
const FIRST_RUN_DELAY_MS = 30_000;

export interface JobsResult {
  deletionSweep: SweepResult;
  codeEmailsSent: number;
  subscriptionsExpired: number;
  orphanFilesRemoved: number;
  temporaryFilesRemoved: number;
}

/**
 * The server's periodic work: the 90-day account-deletion sweep, codes e-mails that never went
 * out, paid subscriptions that ran out, and uploaded files no form ever used. Timers are unref'd (they never keep the process
 * alive); `runOnce` is what tests call.
 */
export function createScheduledJobs(deps: {
  support: SupportService;
  business: BusinessService;
  media: MediaService;
  db: Db;
  log: Pick<FastifyBaseLogger, "error">;
}) {
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<JobsResult> | null = null;

  async function run(): Promise<JobsResult> {
    return {
      deletionSweep: await deps.support.sweep(),
      codeEmailsSent: await deps.business.sendPendingCodeEmails(),
      subscriptionsExpired: await deps.business.expireSubscriptions(),
      orphanFilesRemoved: await deps.media.sweepOrphans(deps.db),
      temporaryFilesRemoved: await deps.media.sweepTemporary(),
    };
  }

  const jobs = {
    /** Runs every job once; a run already under way is joined, not doubled. */
    runOnce(): Promise<JobsResult> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },

    start(intervalMs = JOB_INTERVAL_MS) {
      const tick = () => {
        jobs.runOnce().catch((err) => deps.log.error({ err }, "scheduled jobs failed"));
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

/** What instances share through the database: rate limits, attempt counters and job claims. */
export { claimJob, claimSlot, finishJob, sweepRateLimits } from "./limits.repository.ts";
export { AttemptLimiter, databaseRateLimitStore, RecipientMailLimit } from "./rate-limits.ts";

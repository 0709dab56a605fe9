/** Rate limits and attempt counters, kept in the database so every instance shares them. */
export { AttemptLimiter, databaseRateLimitStore, sweepRateLimits } from "./rate-limits.ts";

/**
 * Counts events per key in a fixed window (e.g. failed sign-ins per account) and says
 * when a key is over its limit. In-process: each instance counts its own.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string): number {
    const w = this.windows.get(key);
    if (!w) return 0;
    const left = w.resetAt - this.now();
    if (left <= 0) {
      this.windows.delete(key);
      return 0;
    }
    return w.count >= this.max ? left : 0;
  }

  hit(key: string): void {
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= t) {
      this.windows.set(key, { count: 1, resetAt: t + this.windowMs });
      this.sweep(t);
    } else {
      w.count++;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(t: number) {
    if (this.windows.size < 10_000) return;
    for (const [k, w] of this.windows) if (w.resetAt <= t) this.windows.delete(k);
  }
}

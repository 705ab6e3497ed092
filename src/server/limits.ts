/**
 * Rate limits for the server: a token bucket per connection (messages per second) and a per-IP
 * ledger of failed join/resume attempts, which is what makes a three-word pairing code and a role
 * token infeasible to guess.
 */

/** A token bucket: `burst` tokens, refilled at `perSecond`. Time is passed in (milliseconds). */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes one token if there is one. */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Failed attempts per key (an IP address) in a sliding window; bounded in memory. */
export class FailureLedger {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** True while `key` may still try. */
  allowed(key: string, now: number): boolean {
    return this.recent(key, now).length < this.limit;
  }

  fail(key: string, now: number): void {
    if (!this.failures.has(key) && this.failures.size >= this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(key, [...this.recent(key, now), now]);
  }
}

/**
 * Rate limits for the server: a token bucket per connection (messages per second), per address
 * limits on open connections and on rooms created, and a per-address ledger of failed
 * join/resume attempts, which is what makes a three-word pairing code, an invitation code and a
 * role token infeasible to guess. Every refusal says how long to wait (`retryAfterMs`), and the
 * client waits that long and tries again by itself.
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

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }

  /** Takes one token if there is one. */
  take(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is there (0 if one is). */
  retryAfter(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }

  /** Whether the bucket is full, i.e. forgetting it changes nothing. */
  isFull(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
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

  /** Milliseconds until `key` may try again. */
  retryAfter(key: string, now: number): number {
    const list = this.recent(key, now);
    if (list.length < this.limit) return 0;
    return (list[list.length - this.limit] ?? now) + this.windowMs - now;
  }

  fail(key: string, now: number): void {
    if (!this.failures.has(key) && this.failures.size >= this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(key, [...this.recent(key, now), now]);
  }
}

export interface AddressLimitOptions {
  /** Open WebSocket connections per address. */
  readonly connections: number;
  /** Rooms an address may create in a burst, and how many more per hour after that. */
  readonly roomBurst: number;
  readonly roomsPerHour: number;
}

/** Per-address limits on open connections and on room creation; bounded in memory. */
export class AddressLimits {
  private readonly open = new Map<string, number>();
  private readonly creations = new Map<string, TokenBucket>();
  /** Addresses refused until a time, for flooding after being told to wait. */
  private readonly banned = new Map<string, number>();

  constructor(
    private readonly options: AddressLimitOptions,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts a new connection from `address`; false (and nothing counted) when it has too many. */
  connect(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    if (n >= this.options.connections) return false;
    this.open.set(address, n + 1);
    return true;
  }

  disconnect(address: string): void {
    const n = (this.open.get(address) ?? 1) - 1;
    if (n <= 0) this.open.delete(address);
    else this.open.set(address, n);
  }

  /** Refuses new connections from `address` until `until`. */
  ban(address: string, until: number): void {
    if (this.banned.size >= this.maxKeys) this.banned.delete(this.banned.keys().next().value ?? '');
    this.banned.set(address, until);
  }

  /** Milliseconds `address` must still wait before it may connect (0: it may). */
  bannedFor(address: string, now: number): number {
    const until = this.banned.get(address);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    this.banned.delete(address);
    return 0;
  }

  /** Takes one room creation for `address`; returns 0, or the milliseconds to wait. */
  createRoom(address: string, now: number): number {
    let bucket = this.creations.get(address);
    if (!bucket) {
      if (this.creations.size >= this.maxKeys) this.forgetFull(now);
      bucket = new TokenBucket(this.options.roomsPerHour / 3600, this.options.roomBurst, now);
      this.creations.set(address, bucket);
    }
    return bucket.take(now) ? 0 : bucket.retryAfter(now);
  }

  /** Drops buckets that have refilled (they hold nothing a new bucket would not). */
  private forgetFull(now: number): void {
    for (const [address, bucket] of this.creations) if (bucket.isFull(now)) this.creations.delete(address);
    // Still full of busy addresses: forget the oldest rather than grow without bound.
    const oldest = this.creations.keys().next().value;
    if (this.creations.size >= this.maxKeys && oldest !== undefined) this.creations.delete(oldest);
  }
}

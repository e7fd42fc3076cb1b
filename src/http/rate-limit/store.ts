// The rate-limit store contract: an exact rolling window (a sliding log of counted hits), shared by
// the in-process store and the Redis store so the HTTP layer does not care which one it has.

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  /** Requests left in the rolling window after this one (0 when refused). */
  remaining: number;
  /** Epoch ms when the budget is fully restored (every counted hit has left the window); now when none counted. */
  resetAtMs: number;
  /** When refused: ms until the oldest counted hit leaves the window (>= 1); 0 when allowed. */
  retryAfterMs: number;
}

/** Which store keeps the budgets now (/readyz detail); `fallback` while Redis is unavailable. */
export interface RateLimitStatus {
  store: 'redis' | 'memory';
  fallback?: true;
  /** When the fallback began (ISO 8601). */
  since?: string;
}

export interface RateLimitStore {
  /** Counts one request for `key` in a rolling window of `windowMs`, unless the key already has `limit` counted in that window (a refused request is not counted). */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
  /** Where budgets are kept now (stores that can change it say so). */
  status?(): RateLimitStatus;
  /** Resolves when the store's backend answers now, rejects when it does not (stores with a remote backend). */
  ping?(): Promise<void>;
}

/** Both stores reject nonsense arguments instead of guessing: they are programming errors, not traffic. */
export function checkHitArgs(limit: number, windowMs: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`rate limit: limit must be a positive integer, got ${limit}`);
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) throw new RangeError(`rate limit: windowMs must be a positive integer, got ${windowMs}`);
}

// In-process rate-limit store for a single instance: per key, the timestamps of its counted hits
// (at most `limit`, oldest first). Memory is bounded twice: idle keys are swept, and a hard cap
// on the number of keys evicts the least recently used one (a Map keeps insertion order, and a
// key is re-inserted on every access, so the first key is always the least recently used).
import { checkHitArgs, type RateLimitResult, type RateLimitStore } from './store.ts';

const SWEEP_INTERVAL_MS = 10_000;
const DEFAULT_MAX_KEYS = 100_000;

interface KeyLog {
  /** Counted hits, oldest first; only the newest `limit` matter for any decision. */
  hits: number[];
  /** The window of the latest hit, to know when the key is idle. */
  windowMs: number;
}

export function memoryStore(options: { now?: () => number; maxKeys?: number } = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) throw new RangeError(`rate limit: maxKeys must be a positive integer, got ${maxKeys}`);
  const logs = new Map<string, KeyLog>();
  // Swept on access rather than by a timer: nothing to unref or stop, and an idle process does
  // no work. A full pass over 100,000 keys every 10 s costs a few milliseconds.
  let lastSweep = now();

  function sweep(at: number): void {
    for (const [key, log] of logs) {
      const newest = log.hits.at(-1);
      if (newest === undefined || newest <= at - log.windowMs) logs.delete(key);
    }
  }

  return {
    async hit(key, limit, windowMs): Promise<RateLimitResult> {
      checkHitArgs(limit, windowMs);
      const at = now();
      if (at - lastSweep >= SWEEP_INTERVAL_MS || at < lastSweep) {
        lastSweep = at;
        sweep(at);
      }

      let log = logs.get(key);
      if (log) logs.delete(key);
      else {
        if (logs.size >= maxKeys) logs.delete(logs.keys().next().value!);
        log = { hits: [], windowMs };
      }
      log.windowMs = windowMs;
      logs.set(key, log);

      // A hit counts while it is younger than the window: it leaves at exactly hit + windowMs.
      const hits = log.hits;
      let gone = 0;
      while (gone < hits.length && hits[gone]! <= at - windowMs) gone++;
      // Beyond the newest `limit` nothing changes a decision (only after a limit was lowered).
      gone = Math.max(gone, hits.length - limit);
      if (gone > 0) hits.splice(0, gone);

      if (hits.length < limit) {
        // Never record a hit before the newest one, so the log stays sorted if the wall clock
        // steps back; such a hit then leaves the window a little late, never early.
        hits.push(Math.max(at, hits.at(-1) ?? at));
        return { allowed: true, limit, remaining: limit - hits.length, resetAtMs: hits.at(-1)! + windowMs, retryAfterMs: 0 };
      }
      return {
        allowed: false,
        limit,
        remaining: 0,
        resetAtMs: hits.at(-1)! + windowMs,
        retryAfterMs: Math.max(1, hits[0]! + windowMs - at),
      };
    },
    async close() {
      logs.clear();
    },
  };
}

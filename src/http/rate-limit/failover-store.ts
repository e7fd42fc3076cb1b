// Redis with a per-instance fallback: while Redis cannot answer, budgets are kept by this
// process's in-memory limiter (each instance then enforces the limit on its own), and every hit
// still tries Redis first, so shared limits resume as soon as it is back. Each transition is
// logged once (a warning when falling back, info on recovery) and reported by `status()` for
// /readyz. Never fails open.
import type { RateLimitResult, RateLimitStatus, RateLimitStore } from './store.ts';

export interface FailoverLog {
  warn(obj: object, message: string): void;
  info(obj: object, message: string): void;
}

export function failoverStore(primary: RateLimitStore, fallback: RateLimitStore, log: FailoverLog): RateLimitStore {
  let fallingBackSince: Date | null = null;

  return {
    async hit(key, limit, windowMs): Promise<RateLimitResult> {
      try {
        const result = await primary.hit(key, limit, windowMs);
        if (fallingBackSince) {
          log.info({ since: fallingBackSince.toISOString() }, 'rate limiting: Redis is back; shared limits resume');
          fallingBackSince = null;
        }
        return result;
      } catch (error) {
        if (error instanceof RangeError) throw error;
        if (!fallingBackSince) {
          fallingBackSince = new Date();
          log.warn({ err: error }, 'rate limiting: Redis unavailable; falling back to the in-process limiter (limits per instance)');
        }
        return fallback.hit(key, limit, windowMs);
      }
    },
    status(): RateLimitStatus {
      return fallingBackSince ? { store: 'memory', fallback: true, since: fallingBackSince.toISOString() } : { store: 'redis' };
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}

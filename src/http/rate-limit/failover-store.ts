// Redis with a per-instance fallback: while Redis cannot answer, budgets are kept by this
// process's in-memory limiter (each instance then enforces the limit on its own). Every hit still
// tries Redis first, and a probe (a PING about every second, on a timer that does not hold the
// process open) checks it on its own, so shared limits and /readyz return within seconds of Redis
// coming back even on an instance that receives no limited request. Each transition is logged
// once (a warning when falling back, info on recovery) and reported by `status()` for /readyz.
// Never fails open.
import type { RateLimitResult, RateLimitStatus, RateLimitStore } from './store.ts';

export interface FailoverLog {
  warn(obj: object, message: string): void;
  info(obj: object, message: string): void;
}

export interface FailoverOptions {
  /** How often Redis is probed while falling back (ms). */
  probeIntervalMs?: number;
}

export function failoverStore(primary: RateLimitStore, fallback: RateLimitStore, log: FailoverLog, options: FailoverOptions = {}): RateLimitStore {
  const probeIntervalMs = options.probeIntervalMs ?? 1_000;
  let fallingBackSince: Date | null = null;
  let probe: NodeJS.Timeout | null = null;
  let probing = false;

  function recovered(by: 'request' | 'probe'): void {
    if (!fallingBackSince) return;
    log.info({ since: fallingBackSince.toISOString(), by }, 'rate limiting: Redis is back; shared limits resume');
    fallingBackSince = null;
    if (probe) clearInterval(probe);
    probe = null;
  }

  function fellBack(error: unknown): void {
    if (fallingBackSince) return;
    fallingBackSince = new Date();
    log.warn({ err: error }, 'rate limiting: Redis unavailable; falling back to the in-process limiter (limits per instance)');
    const ping = primary.ping?.bind(primary);
    if (!ping) return;
    probe = setInterval(() => {
      if (probing) return;
      probing = true;
      ping()
        .then(
          () => recovered('probe'),
          () => {},
        )
        .finally(() => {
          probing = false;
        });
    }, probeIntervalMs);
    probe.unref();
  }

  return {
    async hit(key, limit, windowMs): Promise<RateLimitResult> {
      try {
        const result = await primary.hit(key, limit, windowMs);
        recovered('request');
        return result;
      } catch (error) {
        if (error instanceof RangeError) throw error;
        fellBack(error);
        return fallback.hit(key, limit, windowMs);
      }
    },
    status(): RateLimitStatus {
      return fallingBackSince ? { store: 'memory', fallback: true, since: fallingBackSince.toISOString() } : { store: 'redis' };
    },
    async close() {
      if (probe) clearInterval(probe);
      probe = null;
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}

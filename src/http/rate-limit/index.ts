// Rate limiting: one budget per key, in process or shared through Redis (ARCHITECTURE.md).
import { memoryStore } from './memory-store.ts';
import { redisStore } from './redis-store.ts';
import { failoverStore, type FailoverLog } from './failover-store.ts';
import type { RateLimitStore } from './store.ts';

export type { RateLimitResult, RateLimitStatus, RateLimitStore } from './store.ts';
export { failoverStore, type FailoverLog } from './failover-store.ts';
export { memoryStore } from './memory-store.ts';
export { redisStore } from './redis-store.ts';
export { rateLimitHeaders } from './headers.ts';

const SILENT: FailoverLog = { warn: () => {}, info: () => {} };

/**
 * Redis when configured (several instances share one budget), falling back to this process's
 * memory while Redis is unavailable; else this process's memory.
 */
export function createRateLimitStore(redisUrl: string | null, log: FailoverLog = SILENT, prefix?: string): RateLimitStore {
  if (!redisUrl) return memoryStore();
  return failoverStore(redisStore(redisUrl, { failOpen: false, ...(prefix ? { prefix } : {}) }), memoryStore(), log);
}

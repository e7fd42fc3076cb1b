// Rate limiting: one budget per key, in process or shared through Redis (ARCHITECTURE.md).
import { memoryStore } from './memory-store.ts';
import { redisStore } from './redis-store.ts';
import type { RateLimitStore } from './store.ts';

export type { RateLimitResult, RateLimitStore } from './store.ts';
export { memoryStore } from './memory-store.ts';
export { redisStore } from './redis-store.ts';
export { rateLimitHeaders } from './headers.ts';

/** Redis when configured (several instances share one budget), else this process's memory. */
export function createRateLimitStore(redisUrl: string | null, onError?: (e: Error) => void, prefix?: string): RateLimitStore {
  return redisUrl ? redisStore(redisUrl, { ...(onError ? { onError } : {}), ...(prefix ? { prefix } : {}) }) : memoryStore();
}

// The Redis client of the rate-limit stores. ioredis and its dependencies (about 30 ms of CPU and
// 6 MB of heap) are loaded by the first store that needs Redis, not by every process: without
// REDIS_URL, nothing does.
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

const load = createRequire(import.meta.url);

export function newRedisClient(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = load('ioredis') as typeof import('ioredis');
  return new Client(url, options);
}

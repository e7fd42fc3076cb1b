// Cost points (as Shopify's GraphQL throttle): per key a bucket of `size` points that refills at
// `restoreRate` points a second. An operation takes its points when the bucket holds them and is
// refused (taking nothing) when it does not; a refund (negative points) gives back what the
// operation did not use, never above the size. Both stores decide atomically: the memory store in
// one synchronous step, the Redis store in one Lua script on Redis's own clock.
import { newRedisClient } from './redis-client.ts';

export interface PointsResult {
  allowed: boolean;
  /** The bucket's size (points). */
  maximumAvailable: number;
  /** Points in the bucket after this call. */
  currentlyAvailable: number;
  /** Points restored per second. */
  restoreRate: number;
}

export interface PointsBucket {
  /** Takes `points` from the key's bucket (negative: gives them back); `dryRun` only reports. */
  take(key: string, points: number, options?: { dryRun?: boolean }): Promise<PointsResult>;
  close(): Promise<void>;
}

export interface BucketShape {
  size: number;
  restoreRate: number;
}

const DEFAULT_MAX_KEYS = 100_000;

/** Whether `points` can be taken from a bucket holding `level`, and the level after (unchanged on a dry run). */
function decide(shape: BucketShape, level: number, points: number, dryRun: boolean): { allowed: boolean; level: number } {
  if (points > 0 && points > level) return { allowed: false, level };
  return { allowed: true, level: dryRun ? level : Math.min(shape.size, level - points) };
}

export function memoryPoints(shape: BucketShape, options: { now?: () => number; maxKeys?: number } = {}): PointsBucket {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const buckets = new Map<string, { level: number; at: number }>();
  return {
    async take(key, points, { dryRun = false } = {}) {
      const at = now();
      const stored = buckets.get(key);
      const level = stored ? Math.min(shape.size, stored.level + (Math.max(0, at - stored.at) * shape.restoreRate) / 1000) : shape.size;
      const result = decide(shape, level, points, dryRun);
      buckets.delete(key);
      // A full bucket is the same as none: only partly spent buckets are kept (least recently used evicted first).
      if (result.level < shape.size) {
        if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value!);
        buckets.set(key, { level: result.level, at });
      }
      return { allowed: result.allowed, maximumAvailable: shape.size, currentlyAvailable: Math.floor(result.level), restoreRate: shape.restoreRate };
    },
    async close() {
      buckets.clear();
    },
  };
}

// KEYS[1] the bucket; ARGV size, restore rate per second, points, dry run (1|0).
// Returns { allowed (0|1), level after (as a string: Lua numbers become integers otherwise) }.
const TAKE_SCRIPT = `
if redis.replicate_commands then pcall(redis.replicate_commands) end
local size = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local points = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local stored = redis.call('HMGET', KEYS[1], 'level', 'at')
local level = size
if stored[1] then level = math.min(size, tonumber(stored[1]) + math.max(0, now - tonumber(stored[2])) * rate / 1000) end
if points > 0 and points > level then return { 0, tostring(level) } end
if ARGV[4] ~= '1' then
  level = math.min(size, level - points)
  redis.call('HSET', KEYS[1], 'level', tostring(level), 'at', now)
  redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil((size - level) * 1000 / rate)))
end
return { 1, tostring(level) }
`;

interface PointsCommands {
  svcPointsTake(key: string, size: number, rate: number, points: number, dryRun: string): Promise<[number, string]>;
}

export function redisPoints(url: string, shape: BucketShape, options: { prefix?: string; onError?: (e: Error) => void } = {}): PointsBucket {
  const prefix = `${options.prefix ?? 'svc:rl:'}points:`;
  const onError = options.onError ?? (() => {});
  const client = newRedisClient(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    disconnectTimeout: 100,
  });
  client.on('error', () => {});
  client.defineCommand('svcPointsTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const commands = client as unknown as PointsCommands;
  const firstConnect = client.connect().catch(() => {});
  return {
    async take(key, points, { dryRun = false } = {}) {
      try {
        await firstConnect;
        const [allowed, level] = await commands.svcPointsTake(`${prefix}${key}`, shape.size, shape.restoreRate, points, dryRun ? '1' : '0');
        return { allowed: allowed === 1, maximumAvailable: shape.size, currentlyAvailable: Math.floor(Number(level)), restoreRate: shape.restoreRate };
      } catch (e) {
        // Fail open, as the request budgets: a limiter outage must not take the API down.
        onError(e instanceof Error ? e : new Error(String(e)));
        return { allowed: true, maximumAvailable: shape.size, currentlyAvailable: shape.size, restoreRate: shape.restoreRate };
      }
    },
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** Redis when configured (every instance takes from one bucket per key), else this process's memory. */
export function createPointsBucket(redisUrl: string | null, shape: BucketShape, onError?: (e: Error) => void, prefix?: string): PointsBucket {
  return redisUrl ? redisPoints(redisUrl, shape, { ...(onError ? { onError } : {}), ...(prefix ? { prefix } : {}) }) : memoryPoints(shape);
}

// Rate-limit store shared by every instance through Redis: per key a sorted set of counted hits
// scored by time, checked and updated by one Lua script so concurrent requests on any instance
// cannot overspend. The script reads Redis's own clock (TIME), so instances whose clocks
// disagree still agree on the window, and every reported time is in that one clock.
import { randomBytes } from 'node:crypto';
import { newRedisClient } from './redis-client.ts';
import { checkHitArgs, type RateLimitResult, type RateLimitStore } from './store.ts';

// KEYS[1] the key; ARGV limit, window (ms), a member unique to this hit.
// Returns { allowed (0|1), counted, now, newest score, score of the hit whose exit frees a slot }.
const HIT_SCRIPT = `
if redis.replicate_commands then pcall(redis.replicate_commands) end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[3])
  count = count + 1
  allowed = 1
end
if count == 0 then return { allowed, 0, now, 0, 0 } end
local newest = tonumber(redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2])
local blocking = 0
if allowed == 0 then
  blocking = tonumber(redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')[2])
end
redis.call('PEXPIRE', key, math.max(1, newest + window - now))
return { allowed, count, now, newest, blocking }
`;

type HitReply = [allowed: number, count: number, now: number, newest: number, blocking: number];

interface RateLimitCommands {
  svcRateLimitHit(key: string, limit: number, windowMs: number, member: string): Promise<HitReply>;
}

export interface RedisStoreOptions {
  prefix?: string;
  onError?: (e: Error) => void;
  /** Throw on a failed hit (for a fallback to take over) instead of letting the request through uncounted. */
  failOpen?: boolean;
}

export function redisStore(url: string, options: RedisStoreOptions = {}): RateLimitStore {
  const prefix = options.prefix ?? 'svc:rl:';
  const onError = options.onError ?? (() => {});
  const client = newRedisClient(url, {
    lazyConnect: true,
    // A dead or unreachable Redis must answer fast: no queueing while disconnected, one retry
    // at most, bounded connect and command times. Reconnection continues in the background.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    // disconnect() arms a timer of this length to destroy a socket that does not close, even one
    // that is already dead (a refused connection), and that timer holds the process open.
    disconnectTimeout: 100,
  });
  // Connection errors surface through the hits that fail (onError), which name the last one;
  // without a listener ioredis would print every reconnection attempt.
  let lastConnectionError: Error | null = null;
  client.on('error', (e: Error) => {
    lastConnectionError = e;
  });
  client.on('ready', () => {
    lastConnectionError = null;
  });
  // defineCommand sends EVALSHA and falls back to EVAL once when the server lacks the script.
  client.defineCommand('svcRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const commands = client as unknown as RateLimitCommands;
  // The first hits wait for the first connection attempt instead of failing open while it is
  // under way; after it, a hit never waits for a connection.
  const firstConnect = client.connect().catch(() => {});

  const memberPrefix = randomBytes(8).toString('hex');
  let sequence = 0;

  return {
    async hit(key, limit, windowMs): Promise<RateLimitResult> {
      checkHitArgs(limit, windowMs);
      try {
        await firstConnect;
        const member = `${memberPrefix}:${(sequence++).toString(36)}`;
        const [allowed, count, now, newest, blocking] = await commands.svcRateLimitHit(`${prefix}${key}`, limit, windowMs, member);
        return {
          allowed: allowed === 1,
          limit,
          remaining: allowed === 1 ? Math.max(0, limit - count) : 0,
          resetAtMs: count > 0 ? newest + windowMs : now,
          retryAfterMs: allowed === 1 ? 0 : Math.max(1, blocking + windowMs - now),
        };
      } catch (e) {
        // Fail open unless told otherwise (the service wraps this store in failover-store.ts): a
        // limiter outage must not take the API down. The caller hears about every failed hit.
        let error = e instanceof Error ? e : new Error(String(e));
        // While disconnected ioredis only says the stream is not writeable; say why it is not.
        if (client.status !== 'ready' && lastConnectionError) {
          error = new Error(`rate limit: Redis unavailable (${client.status}): ${lastConnectionError.message}`, { cause: error });
        }
        try {
          onError(error);
        } catch {
          // a failing reporter must not fail the request either
        }
        if (options.failOpen === false) throw error;
        return { allowed: true, limit, remaining: limit - 1, resetAtMs: Date.now(), retryAfterMs: 0 };
      }
    },
    status: () => ({ store: 'redis' }),
    // Fails at once while disconnected (no offline queue), within commandTimeout when Redis hangs.
    async ping() {
      await client.ping();
    },
    async close() {
      if (client.status === 'ready') {
        try {
          await client.quit();
          return;
        } catch {
          // fall through: drop the connection instead
        }
      }
      // Also stops the reconnection loop (and any connection attempt), so the process can exit.
      client.disconnect();
    },
  };
}

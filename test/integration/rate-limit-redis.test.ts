// The Redis rate-limit store on a real Redis (TEST_REDIS_URL): one budget shared by several
// instances, an exact rolling window on Redis's clock, keys that expire, and failing open.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { testDatabaseUrls } from '../../src/config.ts';
import { createRateLimitStore, rateLimitHeaders, redisStore, type RateLimitStore } from '../../src/http/rate-limit/index.ts';

const url = testDatabaseUrls().redis;
const MINUTE = 60_000;

if (url) {
  describe('redis rate-limit store', () => {
    const prefix = `test:rl:${randomBytes(6).toString('hex')}:`;
    const stores: RateLimitStore[] = [];
    let admin: Redis;
    const open = (onError?: (e: Error) => void) => {
      const store = redisStore(url, { prefix, ...(onError ? { onError } : {}) });
      stores.push(store);
      return store;
    };

    beforeAll(() => {
      admin = new Redis(url);
    });
    afterAll(async () => {
      await Promise.all(stores.map((s) => s.close()));
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length) await admin.del(...keys);
      await admin.quit();
    });

    test('60 per minute: the 61st is refused, and the key expires with its window', async () => {
      const errors: Error[] = [];
      const store = open((e) => errors.push(e));
      for (let i = 0; i < 60; i++) {
        const r = await store.hit('sixty', 60, MINUTE);
        expect(r).toMatchObject({ allowed: true, limit: 60, remaining: 59 - i, retryAfterMs: 0 });
      }
      const refused = await store.hit('sixty', 60, MINUTE);
      expect(refused).toMatchObject({ allowed: false, limit: 60, remaining: 0 });
      expect(refused.retryAfterMs).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(MINUTE);
      expect(refused.resetAtMs - refused.retryAfterMs).toBeGreaterThanOrEqual(0);
      expect(rateLimitHeaders(refused)).toMatchObject({ 'x-ratelimit-remaining': '0', 'retry-after': expect.stringMatching(/^[1-9]\d*$/) });
      expect(errors).toEqual([]);
      // A refused hit is not counted, and nothing outlives its window.
      expect(await admin.zcard(`${prefix}sixty`)).toBe(60);
      const ttl = await admin.pttl(`${prefix}sixty`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(MINUTE);
    });

    test('two instances (two connections) share one budget, even hitting concurrently', async () => {
      const a = open();
      const b = open();
      const results = await Promise.all(Array.from({ length: 80 }, (_, i) => (i % 2 ? a : b).hit('shared', 60, MINUTE)));
      expect(results.filter((r) => r.allowed)).toHaveLength(60);
      expect(results.filter((r) => !r.allowed).every((r) => r.remaining === 0 && r.retryAfterMs >= 1)).toBe(true);
      // Every allowed hit saw a different remaining count: the check-and-count is atomic.
      expect(new Set(results.filter((r) => r.allowed).map((r) => r.remaining)).size).toBe(60);
      expect((await a.hit('shared', 60, MINUTE)).allowed).toBe(false);
      expect((await b.hit('shared', 60, MINUTE)).allowed).toBe(false);
      expect((await b.hit('other', 60, MINUTE)).remaining).toBe(59);
    });

    // The windows below are on Redis's clock, which a test cannot move: they are long enough that
    // a loaded machine (seconds between two calls) does not change the outcome.
    test('the window passes: after it the whole budget is back', async () => {
      const store = open();
      const WINDOW = 5_000;
      for (let i = 0; i < 3; i++) expect((await store.hit('short', 3, WINDOW)).remaining).toBe(2 - i);
      const refused = await store.hit('short', 3, WINDOW);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(WINDOW);
      await sleep(WINDOW + 100);
      expect(await store.hit('short', 3, WINDOW)).toMatchObject({ allowed: true, remaining: 2, retryAfterMs: 0 });
    });

    test('the window rolls: the oldest hit leaves first and frees exactly one request', async () => {
      const store = open();
      const WINDOW = 8_000;
      const GAP = 4_000;
      expect((await store.hit('rolling', 3, WINDOW)).allowed).toBe(true);
      await sleep(GAP);
      expect((await store.hit('rolling', 3, WINDOW)).allowed).toBe(true);
      expect((await store.hit('rolling', 3, WINDOW)).allowed).toBe(true);
      const refused = await store.hit('rolling', 3, WINDOW);
      expect(refused.allowed).toBe(false);
      // Wait just past the first hit's exit: the two later hits stay inside the window for about
      // GAP more (the margin a slow machine may use).
      await sleep(refused.retryAfterMs + 50);
      expect(await store.hit('rolling', 3, WINDOW)).toMatchObject({ allowed: true, remaining: 0 });
      expect((await store.hit('rolling', 3, WINDOW)).allowed).toBe(false);
    });

    test('a Redis error fails open and is reported', async () => {
      await admin.set(`${prefix}wrong-type`, 'not a sorted set');
      const errors: Error[] = [];
      const store = open((e) => errors.push(e));
      const r = await store.hit('wrong-type', 60, MINUTE);
      expect(r).toMatchObject({ allowed: true, limit: 60, remaining: 59, retryAfterMs: 0 });
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/WRONGTYPE/);
    });

    test('the factory picks Redis when given a URL', async () => {
      const store = createRateLimitStore(url);
      stores.push(store);
      // Keys under the default prefix: spend one of a fresh random key and clean it up.
      const key = `factory-${randomBytes(6).toString('hex')}`;
      expect((await store.hit(key, 5, MINUTE)).remaining).toBe(4);
      expect(await admin.zcard(`svc:rl:${key}`)).toBe(1);
      await admin.del(`svc:rl:${key}`);
    });
  });
} else {
  test('redis not configured', () => expect(url).toBeNull());
}

test('an unreachable Redis fails open, reports it, and closes', async () => {
  const errors: Error[] = [];
  const store = redisStore('redis://127.0.0.1:1', { prefix: 'test:rl:dead:', onError: (e) => errors.push(e) });
  for (let i = 0; i < 3; i++) {
    expect(await store.hit('key', 60, MINUTE)).toMatchObject({ allowed: true, limit: 60, remaining: 59, retryAfterMs: 0 });
  }
  expect(errors).toHaveLength(3);
  expect(errors.every((e) => e instanceof Error && /ECONNREFUSED/.test(e.message))).toBe(true);
  await store.close();
});

// The in-process rate-limit store on an injected clock: an exact rolling window, refused hits not
// counted, independent keys, bounded memory, and the response headers.
import { createRateLimitStore, memoryStore, rateLimitHeaders, type RateLimitStore } from '../../src/http/rate-limit/index.ts';

const T0 = 1_700_000_000_000; // epoch ms on a whole second
const MINUTE = 60_000;

function clockedStore(options: { maxKeys?: number } = {}) {
  let t = T0;
  const store = memoryStore({ now: () => t, ...options });
  return { store, at: (ms: number) => (t = T0 + ms) };
}

async function hitsAllowed(store: RateLimitStore, key: string, n: number, limit: number, windowMs: number) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await store.hit(key, limit, windowMs));
  return results;
}

test('60 per minute: the 61st is refused with remaining 0, and retry-after and reset are exact', async () => {
  const { store, at } = clockedStore();
  for (let i = 0; i < 60; i++) {
    at(i * 500);
    const r = await store.hit('key', 60, MINUTE);
    expect(r).toEqual({ allowed: true, limit: 60, remaining: 59 - i, resetAtMs: T0 + i * 500 + MINUTE, retryAfterMs: 0 });
  }
  at(30_000);
  const refused = await store.hit('key', 60, MINUTE);
  // The oldest hit (at 0) leaves at 60 s; the newest (at 29.5 s) at 89.5 s.
  expect(refused).toEqual({ allowed: false, limit: 60, remaining: 0, resetAtMs: T0 + 89_500, retryAfterMs: 30_000 });
  expect(rateLimitHeaders(refused)).toEqual({
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': String(T0 / 1000 + 90),
    'retry-after': '30',
  });
  await store.close();
});

test('the window rolls: hits leave one by one, not all at a bucket boundary', async () => {
  const { store, at } = clockedStore();
  for (let i = 0; i < 60; i++) {
    at(i * 500);
    await store.hit('key', 60, MINUTE);
  }
  // At 60 s only the first hit has left: exactly one request fits (fixed buckets would give 60).
  at(MINUTE);
  expect(await store.hit('key', 60, MINUTE)).toMatchObject({ allowed: true, remaining: 0, resetAtMs: T0 + 2 * MINUTE });
  expect(await store.hit('key', 60, MINUTE)).toMatchObject({ allowed: false, retryAfterMs: 500 });
  at(MINUTE + 100);
  expect(await store.hit('key', 60, MINUTE)).toMatchObject({ allowed: false, retryAfterMs: 400 });
  // The second hit (at 0.5 s) leaves at 60.5 s.
  at(MINUTE + 500);
  expect(await store.hit('key', 60, MINUTE)).toMatchObject({ allowed: true, remaining: 0 });
  expect(await store.hit('key', 60, MINUTE)).toMatchObject({ allowed: false, retryAfterMs: 500 });
  // Once every hit has left, the whole budget is back.
  at(3 * MINUTE);
  expect(await store.hit('key', 60, MINUTE)).toEqual({ allowed: true, limit: 60, remaining: 59, resetAtMs: T0 + 4 * MINUTE, retryAfterMs: 0 });
  await store.close();
});

test('refused hits are not counted', async () => {
  const { store, at } = clockedStore();
  at(0);
  await hitsAllowed(store, 'key', 2, 2, 1_000);
  for (let ms = 100; ms < 1_000; ms += 100) {
    at(ms);
    expect(await store.hit('key', 2, 1_000)).toMatchObject({ allowed: false, retryAfterMs: 1_000 - ms, resetAtMs: T0 + 1_000 });
  }
  // Both counted hits left at 1 s; the refused ones (up to 0.9 s) would still be inside if counted.
  at(1_000);
  expect(await store.hit('key', 2, 1_000)).toEqual({ allowed: true, limit: 2, remaining: 1, resetAtMs: T0 + 2_000, retryAfterMs: 0 });
  await store.close();
});

test('keys are independent', async () => {
  const { store, at } = clockedStore();
  at(0);
  const spent = await hitsAllowed(store, 'a', 4, 3, MINUTE);
  expect(spent.map((r) => r.allowed)).toEqual([true, true, true, false]);
  expect(await store.hit('b', 3, MINUTE)).toMatchObject({ allowed: true, remaining: 2 });
  expect(await store.hit('a', 3, MINUTE)).toMatchObject({ allowed: false });
  await store.close();
});

test('at maxKeys the least recently used key is evicted', async () => {
  const { store, at } = clockedStore({ maxKeys: 3 });
  at(0);
  for (const key of ['a', 'b', 'c']) expect((await store.hit(key, 1, MINUTE)).allowed).toBe(true);
  // A refused hit is still a use: 'a' becomes the most recently used, 'b' the least.
  expect((await store.hit('a', 1, MINUTE)).allowed).toBe(false);
  expect((await store.hit('d', 1, MINUTE)).allowed).toBe(true); // evicts 'b'
  expect((await store.hit('b', 1, MINUTE)).allowed).toBe(true); // forgotten, so fresh; evicts 'c'
  expect((await store.hit('a', 1, MINUTE)).allowed).toBe(false); // kept
  expect((await store.hit('c', 1, MINUTE)).allowed).toBe(true); // was evicted
  await store.close();
});

test('idle keys are swept, so a live key is not evicted in their place', async () => {
  const { store, at } = clockedStore({ maxKeys: 2 });
  at(0);
  await store.hit('long', 1, 10 * MINUTE); // least recently used, but still inside its window
  await store.hit('short', 1, 1_000);
  // After the sweep interval 'short' is idle and swept, leaving room for 'new' without evicting
  // 'long' (the least recently used key, which LRU alone would drop).
  at(11_000);
  expect((await store.hit('new', 1, MINUTE)).allowed).toBe(true);
  expect(await store.hit('long', 1, 10 * MINUTE)).toMatchObject({ allowed: false, retryAfterMs: 10 * MINUTE - 11_000 });
  await store.close();
});

test('a lowered limit is applied at once; nonsense arguments are rejected', async () => {
  const { store, at } = clockedStore();
  at(0);
  await hitsAllowed(store, 'key', 5, 10, MINUTE);
  at(1_000);
  expect(await store.hit('key', 3, MINUTE)).toEqual({ allowed: false, limit: 3, remaining: 0, resetAtMs: T0 + MINUTE, retryAfterMs: MINUTE - 1_000 });
  await expect(store.hit('key', 0, MINUTE)).rejects.toThrow(RangeError);
  await expect(store.hit('key', 1.5, MINUTE)).rejects.toThrow(RangeError);
  await expect(store.hit('key', 60, 0)).rejects.toThrow(RangeError);
  expect(() => memoryStore({ maxKeys: 0 })).toThrow(RangeError);
  await store.close();
});

test('headers: strings, reset in epoch seconds rounded up, retry-after only when refused and at least 1', () => {
  expect(rateLimitHeaders({ allowed: true, limit: 60, remaining: 59, resetAtMs: T0, retryAfterMs: 0 })).toEqual({
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '59',
    'x-ratelimit-reset': '1700000000',
  });
  expect(rateLimitHeaders({ allowed: true, limit: 60, remaining: 0, resetAtMs: T0 + 1, retryAfterMs: 0 })).toEqual({
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': '1700000001',
  });
  expect(rateLimitHeaders({ allowed: false, limit: 60, remaining: 0, resetAtMs: T0 + 59_999, retryAfterMs: 30_001 })).toEqual({
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': '1700000060',
    'retry-after': '31',
  });
  expect(rateLimitHeaders({ allowed: false, limit: 3, remaining: 0, resetAtMs: T0 + 1, retryAfterMs: 1 })['retry-after']).toBe('1');
  expect(rateLimitHeaders({ allowed: false, limit: 3, remaining: 0, resetAtMs: T0 + 1, retryAfterMs: 0 })['retry-after']).toBe('1');
});

test('without a Redis URL the factory gives the in-process store', async () => {
  const store = createRateLimitStore(null);
  const results = await hitsAllowed(store, 'key', 3, 2, MINUTE);
  expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
    [true, 1],
    [true, 0],
    [false, 0],
  ]);
  expect(results[2]!.retryAfterMs).toBeGreaterThanOrEqual(1);
  await store.close();
});

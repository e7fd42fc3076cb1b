// Webhook delivery end to end: outbox events fanned out and sent over real HTTPS to a local
// receiver with a self-signed certificate, reached on loopback only through the allow-list and
// the extra CA given in config. Signatures are checked with WebCrypto (not the service's code).
// Retries run on the decided schedule with the dispatcher's clock moved forward.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { createPrisma, type PrismaClient } from '../../src/db/client.ts';
import { appendEvents } from '../../src/domain/events/index.ts';
import { domainEvent, WEBHOOK_EVENTS } from '../../src/domain/events/index.ts';
import { webhooksService } from '../../src/domain/webhooks/index.ts';
import { BACKOFF_MS, JITTER, MAX_ATTEMPTS, webhookDispatcher, webhookSettingWarnings, type DispatcherOptions } from '../../src/domain/webhooks/index.ts';
import type { Config } from '../../src/config.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver, type ReceivedRequest } from './helpers/receiver.ts';
import { sampleEvents, SAMPLE_DATA } from './helpers/sample-events.ts';

/** HMAC-SHA256 through WebCrypto: an implementation independent of the service's node:crypto one. */
async function independentSignature(secret: string, timestamp: string, rawBody: Buffer): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret.replace(/^whsec_/, '')), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const message = Buffer.concat([Buffer.from(`${timestamp}.`), rawBody]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function expectSigned(request: ReceivedRequest, secret: string, atSeconds: number): Promise<void> {
  const timestamp = String(request.headers['x-service-timestamp']);
  expect(timestamp).toMatch(/^\d+$/);
  expect(Math.abs(Number(timestamp) - atSeconds)).toBeLessThanOrEqual(5);
  expect(request.headers['x-service-signature']).toBe(await independentSignature(secret, timestamp, request.rawBody));
}

describe('webhook test settings', () => {
  test('empty by default, refused in production, warned about when set', () => {
    const cert = makeCertificate();
    try {
      expect(testConfig().webhooks).toEqual({ allowPrivateHosts: [], extraCaFile: null, extraCa: null, secretKey: null });
      expect(webhookSettingWarnings(testConfig().webhooks)).toEqual([]);
      const set = testConfig({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost', WEBHOOK_EXTRA_CA_FILE: cert.certFile });
      expect(set.webhooks.extraCa).toBe(cert.cert);
      const warnings = webhookSettingWarnings(set.webhooks);
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toContain('WEBHOOK_ALLOW_PRIVATE_HOSTS');
      expect(warnings[1]).toContain(cert.certFile);
      expect(() => testConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://x@h/db', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost' })).toThrow(
        /WEBHOOK_ALLOW_PRIVATE_HOSTS: refused/,
      );
      expect(() => testConfig({ WEBHOOK_EXTRA_CA_FILE: `${cert.dir}/missing.pem` })).toThrow(/WEBHOOK_EXTRA_CA_FILE: cannot read/);
    } finally {
      cert.remove();
    }
  });
});

describeEachDatabase('webhook delivery', (target) => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let cert: Certificate;
  let receiver: Receiver;
  let config: Readonly<Config>;

  beforeAll(async () => {
    database = await target.create();
    prisma = createPrisma(database.connectionString, { poolSize: 6 });
    cert = makeCertificate();
    receiver = await startReceiver(cert);
    config = testConfig({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost', WEBHOOK_EXTRA_CA_FILE: cert.certFile });
  });
  afterAll(async () => {
    await receiver?.close();
    cert?.remove();
    await prisma?.$disconnect();
    await database?.close();
  });

  /** A dispatcher configured from the test config, with a clock the test can move. */
  function dispatcher(clock: { at: number }, overrides: Partial<DispatcherOptions> = {}) {
    return webhookDispatcher({
      prisma,
      allowHosts: config.webhooks.allowPrivateHosts,
      extraCa: config.webhooks.extraCa,
      now: () => new Date(clock.at),
      pollMs: 20,
      ...overrides,
    });
  }

  /** Registers through the service (the address check with the configured allow-list). */
  async function subscribe(accountId: string, pathname: string, events?: string[]) {
    return webhooksService(prisma, { allowHosts: config.webhooks.allowPrivateHosts }).createWebhook(accountId, { url: receiver.url(pathname), events });
  }

  const emit = (accountId: string, events = sampleEvents()) => prisma.$transaction((tx) => appendEvents(tx, accountId, events));

  const deliveriesOf = (subscriptionId: number) =>
    prisma.webhookDelivery.findMany({ where: { subscriptionId }, orderBy: { id: 'asc' }, include: { attemptLog: { orderBy: { attemptNo: 'asc' } } } });
  const subscription = (id: number) => prisma.webhookSubscription.findUniqueOrThrow({ where: { id } });

  test('without the allow-list and CA a loopback receiver is refused at registration', async () => {
    const account = await makeAccount(prisma);
    await expect(webhooksService(prisma).createWebhook(account.id, { url: receiver.url('/x') })).rejects.toMatchObject({ code: 'unsafe_url' });
  });

  test('every event kind arrives signed; * and named subscriptions get exactly theirs; other accounts and revoked subscriptions nothing', async () => {
    const a = await makeAccount(prisma);
    const b = await makeAccount(prisma);
    const all = await subscribe(a.id, '/e2e/all');
    const named = await subscribe(a.id, '/e2e/named', ['credits.low', 'integration.connected', 'inventory.low_stock']);
    const revoked = await subscribe(a.id, '/e2e/revoked');
    await webhooksService(prisma).revokeWebhook(a.id, revoked.id);
    const other = await subscribe(b.id, '/e2e/other');
    const eventIds = await emit(a.id);
    await emit(b.id, [domainEvent('credits.low', SAMPLE_DATA['credits.low'])]);
    const clock = { at: Date.now() };

    const stats = await dispatcher(clock).drain();
    expect(stats.attempted).toBe(WEBHOOK_EVENTS.length + 3 + 1);
    expect(stats.failed).toBe(0);

    const got = receiver.requestsTo('/e2e/all');
    // Sent concurrently: each kind exactly once, in any order.
    expect(got.map((r) => String(r.headers['x-service-event'])).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const request of got) {
      const name = String(request.headers['x-service-event']) as keyof typeof SAMPLE_DATA;
      // The exact body: {"event":…,"data":…}, compact, nothing else.
      expect(JSON.parse(request.rawBody.toString('utf8'))).toEqual({ event: name, data: SAMPLE_DATA[name] });
      expect(request.rawBody.toString('utf8')).toBe(JSON.stringify(JSON.parse(request.rawBody.toString('utf8'))));
      expect(Object.keys(JSON.parse(request.rawBody.toString('utf8')))).toEqual(['event', 'data']);
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toBe('svc-webhooks/1');
      expect(request.headers['x-service-delivery']).toMatch(/^dlv_[0-9a-z]{24}$/);
      await expectSigned(request, all.secret, Math.floor(clock.at / 1000));
    }
    expect(new Set(got.map((r) => r.headers['x-service-delivery'])).size).toBe(got.length);
    const namedGot = receiver.requestsTo('/e2e/named');
    expect(namedGot.map((r) => String(r.headers['x-service-event'])).sort()).toEqual(['credits.low', 'integration.connected', 'inventory.low_stock']);
    for (const request of namedGot) await expectSigned(request, named.secret, Math.floor(clock.at / 1000));
    expect(receiver.requestsTo('/e2e/revoked')).toHaveLength(0);
    const otherGot = receiver.requestsTo('/e2e/other');
    expect(otherGot.map((r) => r.headers['x-service-event'])).toEqual(['credits.low']);
    await expectSigned(otherGot[0]!, other.secret, Math.floor(clock.at / 1000));

    // Recorded: one successful attempt per delivery, counters, every event marked dispatched.
    const rows = await deliveriesOf(all.id);
    expect(rows.map((d) => [d.status, d.attempts, d.attemptLog.length, d.attemptLog[0]?.responseStatus, d.attemptLog[0]?.success])).toEqual(
      rows.map(() => ['succeeded', 1, 1, 204, true]),
    );
    expect(rows.map((d) => d.deliveryId).sort()).toEqual(got.map((r) => String(r.headers['x-service-delivery'])).sort());
    expect(await subscription(all.id)).toMatchObject({ totalFired: WEBHOOK_EVENTS.length, totalFailed: 0, failCount: 0, lastStatus: 204, active: true });
    expect(await prisma.outboxEvent.count({ where: { eventId: { in: eventIds }, dispatchedAt: null } })).toBe(0);
    // A second drain sends nothing more.
    expect((await dispatcher(clock).drain()).attempted).toBe(0);
  });

  test('a receiver failing 3 times then succeeding: retried on the decided schedule, same delivery id, counters reset', async () => {
    const a = await makeAccount(prisma);
    const sub = await subscribe(a.id, '/flaky');
    receiver.on('/flaky', (n) => ({ status: n <= 3 ? 500 : 200 }));
    await emit(a.id, [domainEvent('credits.depleted', SAMPLE_DATA['credits.depleted'])]);
    const clock = { at: Date.now() };
    const d = dispatcher(clock);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const stats = await d.drain();
      expect(stats.attempted).toBe(1);
      const [delivery] = await deliveriesOf(sub.id);
      const last = delivery!.attemptLog.at(-1)!;
      expect(last.attemptNo).toBe(attempt);
      if (attempt <= 3) {
        expect(delivery!.status).toBe('pending');
        expect(last).toMatchObject({ success: false, responseStatus: 500, error: 'receiver answered HTTP 500' });
        const wait = delivery!.nextAttemptAt.getTime() - last.startedAt.getTime() - last.durationMs;
        expect(wait).toBeGreaterThanOrEqual(BACKOFF_MS[attempt - 1]!);
        expect(wait).toBeLessThanOrEqual(BACKOFF_MS[attempt - 1]! * (1 + JITTER) + 1);
        expect((await d.drain()).attempted).toBe(0); // not due yet
        expect(await subscription(sub.id)).toMatchObject({ failCount: attempt, totalFailed: attempt, totalFired: attempt, lastStatus: 500 });
        clock.at = delivery!.nextAttemptAt.getTime();
      } else {
        expect(delivery!.status).toBe('succeeded');
        expect(last).toMatchObject({ success: true, responseStatus: 200, error: null });
      }
    }
    const got = receiver.requestsTo('/flaky');
    expect(got).toHaveLength(4);
    expect(new Set(got.map((r) => r.headers['x-service-delivery'])).size).toBe(1);
    // Each attempt is signed with its own (current) timestamp.
    const [delivery] = await deliveriesOf(sub.id);
    for (const [i, request] of got.entries()) await expectSigned(request, sub.secret, Math.floor(delivery!.attemptLog[i]!.startedAt.getTime() / 1000));
    expect(await subscription(sub.id)).toMatchObject({ failCount: 0, totalFired: 4, totalFailed: 3, lastStatus: 200, active: true });
  });

  test('a delivery that always fails gives up after 7 attempts', async () => {
    const a = await makeAccount(prisma);
    const sub = await subscribe(a.id, '/down');
    receiver.on('/down', () => ({ status: 503 }));
    await emit(a.id, [domainEvent('credits.low', SAMPLE_DATA['credits.low'])]);
    const clock = { at: Date.now() };
    const d = dispatcher(clock);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await d.drain();
      clock.at += 13 * 3_600_000; // past the longest wait
    }
    const [delivery] = await deliveriesOf(sub.id);
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attemptLog.map((x) => x.attemptNo)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(receiver.requestsTo('/down')).toHaveLength(7);
    expect(await subscription(sub.id)).toMatchObject({ failCount: 7, totalFired: 7, totalFailed: 7, active: true });
  });

  test('timeout, redirect and an oversized answer', async () => {
    const a = await makeAccount(prisma);
    const slow = await subscribe(a.id, '/slow', ['credits.low']);
    const moved = await subscribe(a.id, '/moved', ['credits.low']);
    const big = await subscribe(a.id, '/big', ['credits.low']);
    receiver.on('/slow', () => ({ status: 200, delayMs: 5_000 }));
    receiver.on('/moved', () => ({ status: 302, headers: { location: receiver.url('/redirect-target') } }));
    receiver.on('/big', () => ({ status: 200, body: Buffer.alloc(1024 * 1024, 'x') }));
    await emit(a.id, [domainEvent('credits.low', SAMPLE_DATA['credits.low'])]);
    const stats = await dispatcher({ at: Date.now() }, { timeoutMs: 1_000 }).drain();
    expect(stats).toMatchObject({ attempted: 3, succeeded: 1, failed: 2 });

    const [slowDelivery] = await deliveriesOf(slow.id);
    expect(slowDelivery!.attemptLog[0]).toMatchObject({ success: false, responseStatus: null, error: 'timed out after 1 s' });
    expect(slowDelivery!.attemptLog[0]!.durationMs).toBeLessThan(5_000);
    expect(receiver.requestsTo('/slow')).toHaveLength(1);

    const [movedDelivery] = await deliveriesOf(moved.id);
    expect(movedDelivery!.attemptLog[0]).toMatchObject({ success: false, responseStatus: 302 });
    expect(movedDelivery!.attemptLog[0]!.error).toMatch(/^redirect not followed \(HTTP 302 to https:\/\/localhost:\d+\/redirect-target\)$/);
    expect(movedDelivery!.status).toBe('pending');
    expect(receiver.requestsTo('/redirect-target')).toHaveLength(0);
    expect(await subscription(moved.id)).toMatchObject({ lastStatus: 302, failCount: 1, totalFailed: 1 });

    const [bigDelivery] = await deliveriesOf(big.id);
    expect(bigDelivery!.attemptLog[0]).toMatchObject({ success: true, responseStatus: 200 });
    expect(bigDelivery!.status).toBe('succeeded');
  });

  test('20 consecutive failed attempts deactivate the subscription; its pending deliveries stop; new events skip it', async () => {
    const a = await makeAccount(prisma);
    const sub = await subscribe(a.id, '/broken', ['credit.consumed']);
    receiver.on('/broken', () => ({ status: 500 }));
    const consumed = (i: number) => domainEvent('credit.consumed', { ...SAMPLE_DATA['credit.consumed'], transaction_id: i });
    await emit(
      a.id,
      Array.from({ length: 21 }, (_, i) => consumed(i)),
    );
    const d = dispatcher({ at: Date.now() }, { concurrency: 1 });
    const stats = await d.drain();
    expect(stats.attempted).toBe(20);
    const row = await subscription(sub.id);
    expect(row).toMatchObject({ active: false, failCount: 20, totalFired: 20, totalFailed: 20 });
    expect(row.deactivatedAt).not.toBeNull();
    expect(await webhooksService(prisma).listWebhooks(a.id)).toEqual([]);
    // Every pending delivery dropped: the 20 attempted ones too, not left waiting for a retry (issue 23, item 4).
    const rows = await deliveriesOf(sub.id);
    expect(rows.map((r) => r.status)).toEqual(Array(21).fill('cancelled'));
    const cancelled = rows.filter((r) => r.attemptLog.length === 0);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.lastError).toMatch(/^subscription (deactivated after 20 consecutive failed attempts|is no longer active)$/);
    await emit(a.id, [consumed(99)]);
    expect((await d.drain()).attempted).toBe(0);
    expect(await prisma.webhookDelivery.count({ where: { subscriptionId: sub.id } })).toBe(21);
    expect(receiver.requestsTo('/broken')).toHaveLength(20);
  });

  test('deliveries a dispatcher claimed before their subscription was deactivated are cancelled, not sent (issue 23, item 4)', async () => {
    const a = await makeAccount(prisma);
    const sub = await subscribe(a.id, '/broken-claimed', ['credit.consumed']);
    let deactivated!: () => void;
    const loggedDeactivation = new Promise<void>((resolve) => (deactivated = resolve));
    // One send at a time: the 21st starts when the 20th is answered, before that attempt is recorded;
    // its answer waits until the dispatcher has recorded the deactivation (its log says so).
    receiver.on('/broken-claimed', (n) => (n <= 20 ? { status: 503 } : { status: 503, until: loggedDeactivation }));
    await emit(
      a.id,
      Array.from({ length: 25 }, (_, i) => domainEvent('credit.consumed', { ...SAMPLE_DATA['credit.consumed'], transaction_id: i })),
    );
    const d = dispatcher(
      { at: Date.now() },
      { perDestination: 1, log: (message) => (message.includes(`subscription ${sub.id}:`) && message.includes('deactivated') ? deactivated() : undefined) },
    );
    expect(await d.drain()).toMatchObject({ attempted: 21, failed: 21 });
    expect(receiver.requestsTo('/broken-claimed')).toHaveLength(21);
    expect(await subscription(sub.id)).toMatchObject({ active: false, failCount: 21 });
    const rows = await deliveriesOf(sub.id);
    expect(rows.map((r) => [r.status, r.attemptLog.length])).toEqual([...Array(21).fill(['cancelled', 1]), ...Array(4).fill(['cancelled', 0])]);
  });

  test('two dispatchers at once never send one delivery twice', async () => {
    const a = await makeAccount(prisma);
    const subs = [await subscribe(a.id, '/pair/1'), await subscribe(a.id, '/pair/2'), await subscribe(a.id, '/pair/3')];
    receiver.on('/pair/1', () => ({ status: 200, delayMs: 5 }));
    const before = receiver.requests.length;
    for (let i = 0; i < 4; i++)
      await emit(
        a.id,
        Array.from({ length: 10 }, (_, j) => domainEvent('credit.consumed', { ...SAMPLE_DATA['credit.consumed'], transaction_id: i * 10 + j })),
      );
    const second = createPrisma(database.connectionString, { poolSize: 4 });
    try {
      const clock = { at: Date.now() };
      const [one, two] = await Promise.all([
        dispatcher(clock, { concurrency: 4 }).drain(),
        webhookDispatcher({
          prisma: second,
          allowHosts: config.webhooks.allowPrivateHosts,
          extraCa: config.webhooks.extraCa,
          now: () => new Date(clock.at),
          concurrency: 4,
        }).drain(),
      ]);
      expect(one.attempted + two.attempted).toBe(120);
      expect(one.fannedOut + two.fannedOut).toBe(40);
    } finally {
      await second.$disconnect();
    }
    const sent = receiver.requests.slice(before).map((r) => String(r.headers['x-service-delivery']));
    expect(sent).toHaveLength(120);
    expect(new Set(sent).size).toBe(120);
    const rows = (await Promise.all(subs.map((s) => deliveriesOf(s.id)))).flat();
    expect(rows).toHaveLength(120);
    expect(rows.every((r) => r.status === 'succeeded' && r.attemptLog.length === 1)).toBe(true);
  });
});

// The delivery engine's isolation, wake-ups and shutdown, against real HTTPS receivers on both
// databases. Nothing here measures time: a held receiver answers only when the test releases it,
// the poll interval is ten minutes (so any delivery seen was woken up, not polled), and waits are
// bounded by conditions the test observes.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { createPrisma, type PrismaClient } from '../../src/db/client.ts';
import { appendEvents, domainEvent } from '../../src/domain/events/index.ts';
import { outboxNotifications, webhookDispatcher, webhooksService, type DispatcherOptions } from '../../src/domain/webhooks/index.ts';
import type { Config } from '../../src/config.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver } from './helpers/receiver.ts';
import { SAMPLE_DATA } from './helpers/sample-events.ts';
import { until } from './helpers/until.ts';
import { deliveryRepo } from '../../src/domain/webhooks/delivery/repo.ts';

const NEVER = 600_000; // a poll interval no test waits for
const consumed = (i: number) => domainEvent('credit.consumed', { ...SAMPLE_DATA['credit.consumed'], transaction_id: i });

describeEachDatabase('webhook delivery engine', (target) => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let cert: Certificate;
  let fast: Receiver;
  let slow: Receiver;
  let config: Readonly<Config>;

  beforeAll(async () => {
    database = await target.create();
    prisma = createPrisma(database.connectionString, { poolSize: 6 });
    cert = makeCertificate();
    fast = await startReceiver(cert);
    slow = await startReceiver(cert); // another port: another destination
    config = testConfig({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost', WEBHOOK_EXTRA_CA_FILE: cert.certFile });
  });
  afterAll(async () => {
    await fast?.close();
    await slow?.close();
    cert?.remove();
    await prisma?.$disconnect();
    await database?.close();
  });

  const dispatcher = (overrides: Partial<DispatcherOptions> = {}) =>
    webhookDispatcher({ prisma, allowHosts: config.webhooks.allowPrivateHosts, extraCa: config.webhooks.extraCa, pollMs: NEVER, ...overrides });
  const subscribe = async (accountId: string, url: string) =>
    webhooksService(prisma, { allowHosts: config.webhooks.allowPrivateHosts }).createWebhook(accountId, { url });
  const emit = (accountId: string, from: number, count = 1) =>
    prisma.$transaction((tx) =>
      appendEvents(
        tx,
        accountId,
        Array.from({ length: count }, (_, i) => consumed(from + i)),
      ),
    );
  const deliveries = (subscriptionId: number) => prisma.webhookDelivery.findMany({ where: { subscriptionId }, orderBy: { id: 'asc' } });
  const succeeded = (ids: number[]) => prisma.webhookDelivery.count({ where: { subscriptionId: { in: ids }, status: 'succeeded' } });

  test('a receiver that holds its answers blocks only its own destination: every other delivery completes meanwhile', async () => {
    const account = await makeAccount(prisma);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    slow.on('/held', () => ({ status: 200, until: released }));
    const held = await subscribe(account.id, slow.url('/held'));
    const quick = [await subscribe(account.id, fast.url('/q1')), await subscribe(account.id, fast.url('/q2')), await subscribe(account.id, fast.url('/q3'))];
    await emit(account.id, 0, 12); // 12 deliveries per subscription, interleaved
    // Small claims, so that the held destination's subscription is also left out of claims.
    const d = dispatcher({ perDestination: 2, concurrency: 8, claimBatch: 2, timeoutMs: 60_000 });
    d.start();
    try {
      const quickIds = quick.map((s) => s.id);
      await until('the 36 deliveries to the answering receiver', async () => (await succeeded(quickIds)) === 36);
      // The held destination got its limit of sends and no more; none of them has finished.
      expect(slow.requestsTo('/held')).toHaveLength(2);
      expect(await succeeded([held.id])).toBe(0);
      release();
      await until('the held receiver catching up', async () => (await succeeded([held.id])) === 12);
      expect(slow.requestsTo('/held')).toHaveLength(12);
    } finally {
      release();
      await d.stop(1_000);
    }
  });

  test("a held receiver's sends and waiting deliveries are set aside from the claim room: the others keep being claimed", async () => {
    const account = await makeAccount(prisma);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    slow.on('/held-room', () => ({ status: 200, until: released }));
    const held = await subscribe(account.id, slow.url('/held-room'));
    const quick = [await subscribe(account.id, fast.url('/r1')), await subscribe(account.id, fast.url('/r2')), await subscribe(account.id, fast.url('/r3'))];
    await emit(account.id, 0, 12); // 12 deliveries per subscription, interleaved
    // The held destination's 4 sends and 4+ waiting deliveries would fill the whole room of 8: counted
    // against it, no other delivery could be claimed until the held answers came (60 s time-out).
    const d = dispatcher({ perDestination: 4, concurrency: 8, claimBatch: 4, timeoutMs: 60_000 });
    d.start();
    try {
      const quickIds = quick.map((s) => s.id);
      await until('the 36 deliveries to the answering receiver', async () => (await succeeded(quickIds)) === 36, 50_000);
      expect(slow.requestsTo('/held-room')).toHaveLength(4);
      expect(await succeeded([held.id])).toBe(0);
      release();
      await until('the held receiver catching up', async () => (await succeeded([held.id])) === 12);
      expect(slow.requestsTo('/held-room')).toHaveLength(12);
    } finally {
      release();
      await d.stop(1_000);
    }
  });

  test('a fan-out takes the oldest events whose deliveries fit its bound (the first whatever its size) and claims them; the rest wait for the next', async () => {
    const repo = deliveryRepo(prisma);
    await repo.fanOut(10_000, new Date()); // what earlier tests left in the outbox
    const account = await makeAccount(prisma);
    const subs = await Promise.all([1, 2, 3].map((i) => subscribe(account.id, fast.url(`/bounded${i}`))));
    await emit(account.id, 0, 4);
    const now = new Date();
    const claim = { limit: 100, leaseUntil: new Date(now.getTime() + 60_000), token: randomUUID() };
    // Three deliveries per event: a bound of 2 still fans out the first event, 7 the first two.
    const first = await repo.fanOut(100, now, claim, 2);
    expect(first).toMatchObject({ events: 1, deliveries: 3 });
    expect(first.claimed).toHaveLength(3);
    const second = await repo.fanOut(100, now, { ...claim, token: randomUUID() }, 7);
    expect(second).toMatchObject({ events: 2, deliveries: 6 });
    expect(second.claimed.map((d) => d.subscriptionId).sort()).toEqual([...subs, ...subs].map((s) => s.id).sort());
    expect(await prisma.outboxEvent.count({ where: { accountId: account.id, dispatchedAt: null } })).toBe(1);
    // Without a bound, the rest at once; every delivery was made once.
    expect(await repo.fanOut(100, now)).toMatchObject({ events: 1, deliveries: 3, claimed: [] });
    expect(await prisma.webhookDelivery.count({ where: { subscriptionId: { in: subs.map((s) => s.id) } } })).toBe(12);
  });

  test('a writer in this process wakes the dispatcher: delivered without waiting for the poll', async () => {
    const account = await makeAccount(prisma);
    const sub = await subscribe(account.id, fast.url('/wake'));
    const d = dispatcher();
    d.start();
    try {
      await emit(account.id, 1);
      await until('the first delivery', async () => (await succeeded([sub.id])) === 1);
      await sleep(500); // idle now: the next round would be the ten-minute poll
      await emit(account.id, 2);
      await until('the second delivery, woken by the writer', async () => (await succeeded([sub.id])) === 2);
      expect(fast.requestsTo('/wake')).toHaveLength(2);
    } finally {
      await d.stop(1_000);
    }
  });

  test('a destination that does not answer opens its circuit: its other claimed deliveries are given back until the pause ends', async () => {
    const account = await makeAccount(prisma);
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sub = await subscribe(account.id, `https://localhost:${port}/gone`);
    await emit(account.id, 0, 8);
    const logs: string[] = [];
    const before = Date.now();
    // One send at a time, so exactly five go out before the circuit opens.
    const stats = await dispatcher({ perDestination: 1, log: (m) => logs.push(m) }).drain();
    expect(stats).toMatchObject({ attempted: 5, failed: 5 });
    expect(logs.some((m) => m.includes('circuit open'))).toBe(true);
    const rows = await deliveries(sub.id);
    const untried = rows.filter((r) => r.attempts === 0);
    expect(untried).toHaveLength(3);
    for (const r of untried) {
      expect(r).toMatchObject({ status: 'pending', leaseToken: null });
      expect(r.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000); // due when the pause ends
    }
  });

  test('stop gives back the claimed deliveries not started yet: due at once, not after the lease', async () => {
    const account = await makeAccount(prisma);
    const sub = await subscribe(account.id, fast.url('/release'));
    fast.on('/release', (n) => (n === 1 ? 'hang' : { status: 204 }));
    await emit(account.id, 0, 4);
    // One send at a time to the destination; the other three claimed deliveries wait for it.
    const d = dispatcher({ perDestination: 1, concurrency: 4 });
    d.start();
    await until('the first send', () => fast.requestsTo('/release').length === 1);
    expect((await deliveries(sub.id)).filter((x) => x.leaseToken !== null)).toHaveLength(4);
    await d.stop(100);

    const after = await deliveries(sub.id);
    const given = after.filter((x) => x.leaseToken === null);
    expect(given).toHaveLength(3);
    const now = Date.now();
    for (const x of given) {
      expect(x).toMatchObject({ status: 'pending', attempts: 0 });
      expect(x.nextAttemptAt.getTime()).toBeLessThanOrEqual(now);
    }
    // The one in flight when stop gave up stays claimed until its lease ends (it may have arrived).
    expect(after.filter((x) => x.leaseToken !== null)).toHaveLength(1);
    // Another dispatcher with the same clock sends the three given back at once.
    expect(await dispatcher().drain()).toMatchObject({ attempted: 3, succeeded: 3 });
  });

  (target.name === 'postgres' ? test : test.skip)(
    'a writer in another process wakes it through NOTIFY, also after the LISTEN connection was lost',
    async () => {
      const account = await makeAccount(prisma);
      const sub = await subscribe(account.id, fast.url('/notify'));
      // Written without appendEvents: no in-process signal, as from another process.
      const writeElsewhere = (i: number) =>
        prisma.outboxEvent.create({
          data: { eventId: `evt_${randomUUID()}`, accountId: account.id, name: 'credit.consumed', data: consumed(i).data as object },
        });
      const listening = async () =>
        (await prisma.$queryRaw<unknown[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`).length === 1;
      const logs: string[] = [];
      const d = dispatcher({ wakeups: outboxNotifications(database.connectionString, (m) => logs.push(m)), log: (m) => logs.push(m) });
      d.start();
      try {
        await until('the LISTEN connection', listening);
        await sleep(500); // idle: no follow-up look is pending
        await writeElsewhere(1);
        await until('the delivery woken by NOTIFY', async () => (await succeeded([sub.id])) === 1);

        await prisma.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`;
        await until('the loss noticed', () => logs.some((m) => m.includes('LISTEN connection lost')));
        await until('the LISTEN connection again', listening);
        await sleep(500);
        await writeElsewhere(2);
        await until('the delivery woken after the reconnect', async () => (await succeeded([sub.id])) === 2);
      } finally {
        await d.stop(1_000);
      }
    },
  );
});

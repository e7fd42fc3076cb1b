// Restarts and shutdown: a dispatcher process killed (SIGKILL) in the middle of a send loses
// nothing, and a new dispatcher delivers exactly what was still pending (the send in flight again,
// after its claim's lease; the finished ones not again). A clean stop waits for sends in flight;
// one past its grace period leaves the delivery claimed, and it is delivered after the lease.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { createPrisma, type PrismaClient } from '../../src/db/client.ts';
import { appendEvents } from '../../src/domain/events/index.ts';
import { domainEvent } from '../../src/domain/events/index.ts';
import { webhooksService } from '../../src/domain/webhooks/index.ts';
import { webhookDispatcher, type DispatcherOptions } from '../../src/domain/webhooks/index.ts';
import { projectRoot } from '../../src/paths.ts';
import type { Config } from '../../src/config.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver } from './helpers/receiver.ts';

const consumed = (i: number) => domainEvent('credit.consumed', { transaction_id: i, feature: 'ai_insights', amount: 1, balance: 100 - i });

describeEachDatabase('webhook dispatcher restarts', (target) => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let cert: Certificate;
  let receiver: Receiver;
  let config: Readonly<Config>;

  beforeAll(async () => {
    database = await target.create();
    prisma = createPrisma(database.connectionString, { poolSize: 4 });
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

  const dispatcher = (overrides: Partial<DispatcherOptions> = {}) =>
    webhookDispatcher({ prisma, allowHosts: config.webhooks.allowPrivateHosts, extraCa: config.webhooks.extraCa, pollMs: 20, ...overrides });
  const subscribe = async (pathname: string) => {
    const account = await makeAccount(prisma);
    const sub = await webhooksService(prisma, { allowHosts: config.webhooks.allowPrivateHosts }).createWebhook(account.id, { url: receiver.url(pathname) });
    return { accountId: account.id, sub };
  };
  /** A dispatcher in its own process (killed by the tests), claiming `concurrency` deliveries at most. */
  const dispatcherProcess = (concurrency: number) =>
    spawn(
      process.execPath,
      [
        path.join(projectRoot, 'bin/run-ts.js'),
        path.join(projectRoot, 'test/webhooks/helpers/dispatcher-child.ts'),
        database.connectionString,
        'localhost',
        cert.certFile,
        String(concurrency),
      ],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  const deliveries = (subscriptionId: number) =>
    prisma.webhookDelivery.findMany({ where: { subscriptionId }, orderBy: { id: 'asc' }, include: { attemptLog: true } });

  test('a worker killed mid-delivery: the restarted one delivers exactly the pending attempts', async () => {
    const { accountId, sub } = await subscribe('/crash');
    receiver.on('/crash', (n) => (n === 5 ? 'hang' : { status: 200 }));
    await prisma.$transaction((tx) =>
      appendEvents(
        tx,
        accountId,
        Array.from({ length: 10 }, (_, i) => consumed(i)),
      ),
    );

    const child = dispatcherProcess(1);
    let childLog = '';
    child.stderr.on('data', (c: Buffer) => (childLog += c.toString()));
    try {
      await receiver.waitFor(5, 60_000);
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}; child said: ${childLog}`);
    }
    child.kill('SIGKILL'); // dies while the fifth send waits for its answer
    await once(child, 'exit');

    const before = await deliveries(sub.id);
    expect(before.filter((d) => d.status === 'succeeded')).toHaveLength(4);
    expect(before.filter((d) => d.status === 'pending')).toHaveLength(6);
    const inFlight = before.filter((d) => d.leaseToken !== null);
    expect(inFlight).toHaveLength(1);
    expect(inFlight[0]!.attempts).toBe(0);

    // Not due before the claim's lease ends; due after it (the clock is moved past it).
    receiver.on('/crash', () => ({ status: 200 }));
    const now = Date.now();
    const early = await dispatcher({ now: () => new Date(now) }).drain();
    expect(early.attempted).toBe(5);
    expect((await deliveries(sub.id)).filter((d) => d.status === 'pending').map((d) => d.id)).toEqual([inFlight[0]!.id]);
    const late = await dispatcher({ now: () => new Date(now + 90_000) }).drain();
    expect(late.attempted).toBe(1);

    const after = await deliveries(sub.id);
    expect(after.every((d) => d.status === 'succeeded' && d.attempts === 1 && d.attemptLog.length === 1 && d.leaseToken === null)).toBe(true);
    const sent = receiver.requestsTo('/crash').map((r) => String(r.headers['x-service-delivery']));
    expect(sent).toHaveLength(11);
    expect(new Set(sent)).toEqual(new Set(after.map((d) => d.deliveryId)));
    // Only the send in flight at the kill was sent again (same delivery id: receivers deduplicate).
    expect(sent.filter((id) => id === inFlight[0]!.deliveryId)).toHaveLength(2);
    expect(new Set(sent.filter((id) => id !== inFlight[0]!.deliveryId)).size).toBe(9);
    expect(await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({ totalFired: 10, totalFailed: 0, failCount: 0 });
  });

  test('a worker killed after its sends were answered but before their batched record: every one is sent again after the lease, none lost', async () => {
    const { accountId, sub } = await subscribe('/batch');
    // The receiver answers all six at once (a gate), so their attempts finish together and are recorded by one statement.
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    receiver.on('/batch', (n) => (n <= 6 ? { status: 200, until: gate } : { status: 204 }));
    const base = receiver.requestsTo('/batch').length;
    await prisma.$transaction((tx) =>
      appendEvents(
        tx,
        accountId,
        Array.from({ length: 6 }, (_, i) => consumed(i)),
      ),
    );
    // The record cannot be written (a trigger refuses attempt rows): the worker is killed once it tried.
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION refuse_attempts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test: the record does not reach the database'; END $$`,
    );
    await prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_attempts BEFORE INSERT ON webhook_attempts FOR EACH ROW EXECUTE FUNCTION refuse_attempts()`);
    const received = receiver.requests.length;
    const child = dispatcherProcess(8);
    let childLog = '';
    const refused = new Promise<void>((resolve) =>
      child.stderr.on('data', (c: Buffer) => {
        childLog += c.toString();
        if (childLog.includes('the record does not reach the database')) resolve();
      }),
    );
    try {
      await receiver.waitFor(received + 6, 60_000);
      answer();
      await refused;
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
      await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_attempts ON webhook_attempts`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION refuse_attempts()`);
    }

    // Six answered sends, nothing recorded: all still pending under the dead worker's claim.
    const before = await deliveries(sub.id);
    expect(before).toHaveLength(6);
    expect(before.every((d) => d.status === 'pending' && d.attempts === 0 && d.leaseToken !== null && d.attemptLog.length === 0)).toBe(true);
    // After the lease, every one is sent again (same delivery ids) and recorded once.
    const late = await dispatcher({ now: () => new Date(Date.now() + 90_000) }).drain();
    expect(late).toMatchObject({ attempted: 6, succeeded: 6 });
    const after = await deliveries(sub.id);
    expect(after.every((d) => d.status === 'succeeded' && d.attempts === 1 && d.attemptLog.length === 1 && d.leaseToken === null)).toBe(true);
    const sent = receiver
      .requestsTo('/batch')
      .slice(base)
      .map((r) => String(r.headers['x-service-delivery']));
    expect(sent).toHaveLength(12);
    for (const d of after) expect(sent.filter((id) => id === d.deliveryId)).toHaveLength(2);
    expect(await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({ totalFired: 6, totalFailed: 0 });
  });

  test('stop waits for sends in flight; past its grace period the delivery stays claimed and is sent after the lease', async () => {
    const { accountId, sub } = await subscribe('/stop');
    receiver.on('/stop', (n) => (n === 1 ? { status: 200, delayMs: 400 } : n === 2 ? 'hang' : { status: 200 }));
    const base = receiver.requests.length;
    await prisma.$transaction((tx) => appendEvents(tx, accountId, [consumed(1)]));
    const first = dispatcher();
    first.start();
    await receiver.waitFor(base + 1);
    await first.stop(10_000);
    expect((await deliveries(sub.id)).map((d) => d.status)).toEqual(['succeeded']);

    await prisma.$transaction((tx) => appendEvents(tx, accountId, [consumed(2)]));
    const second = dispatcher();
    second.start();
    await receiver.waitFor(base + 2);
    await second.stop(100);
    const [, hung] = await deliveries(sub.id);
    expect(hung).toMatchObject({ status: 'pending', attempts: 0 });
    expect(hung!.leaseToken).not.toBeNull();
    expect(hung!.attemptLog).toEqual([]);

    const third = await dispatcher({ now: () => new Date(Date.now() + 90_000) }).drain();
    expect(third.attempted).toBe(1);
    expect((await deliveries(sub.id)).map((d) => [d.status, d.attempts])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
  });

  test('a claim taken over after its lease: only the new holder records the attempt', async () => {
    const { accountId, sub } = await subscribe('/takeover');
    // The first send is answered only after the other worker has taken the delivery over (a gate,
    // not a delay: on a loaded machine the takeover could take longer than any fixed delay).
    let answerFirst!: () => void;
    const takenOver = new Promise<void>((resolve) => (answerFirst = resolve));
    receiver.on('/takeover', (n) => (n === 1 ? { status: 200, until: takenOver } : { status: 204 }));
    const base = receiver.requests.length;
    await prisma.$transaction((tx) => appendEvents(tx, accountId, [consumed(1)]));
    const logs: string[] = [];
    const slow = dispatcher({ timeoutMs: 60_000, log: (m) => logs.push(m) });
    slow.start();
    await receiver.waitFor(base + 1);
    // Another worker whose clock is past the first claim's lease takes the delivery over.
    const other = await dispatcher({ now: () => new Date(Date.now() + 120_000) }).drain();
    expect(other).toMatchObject({ attempted: 1, succeeded: 1 });
    answerFirst();
    await slow.stop(60_000); // the slow send ends now; its record is refused
    expect(logs.some((m) => /claim expired before the attempt was recorded/.test(m))).toBe(true);
    const [delivery] = await deliveries(sub.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, leaseToken: null });
    expect(delivery!.attemptLog.map((a) => [a.attemptNo, a.responseStatus])).toEqual([[1, 204]]);
    expect(await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({ totalFired: 1 });
  });
});

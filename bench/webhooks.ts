// bench/webhooks: webhook delivery throughput and latency against a local HTTPS receiver.
//  1. Throughput: for 1, 10 and 100 subscriptions, events are written to the outbox and one
//     dispatcher (default settings: 16 in flight, 8 sockets per host) fans them out and delivers
//     every delivery; deliveries per second. Baseline, in the same run: the same number of signed
//     POSTs sent straight to the receiver with the same agent settings and concurrency (no
//     database). The ratio is dispatcher / baseline.
//  2. Delay: with the dispatcher running its loop, events are written one at a time (one every
//     20 ms x subscriptions, 50 deliveries a second);
//     the delay from the event's creation to the start of its first attempt, p50 and p99.
//   node bin/run-ts.js bench/webhooks.ts [--deliveries 2000] [--db postgres|embedded]
// BENCH_DATABASE_URL names the PostgreSQL server (default postgresql://postgres@127.0.0.1:5432/test);
// the benchmark creates and drops its own database there. --db embedded uses an in-memory PGlite.
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { openMemoryDatabase } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { createPrisma, type PrismaClient } from '../src/db/client.ts';
import { accountsService } from '../src/domain/accounts/service.ts';
import { appendEvents } from '../src/domain/events/repo.ts';
import { domainEvent } from '../src/domain/events/catalog.ts';
import { generateWebhookSecret } from '../src/domain/webhooks/service.ts';
import { webhookDispatcher } from '../src/domain/webhooks/delivery/dispatcher.ts';
import { deliveryBody, deliveryHeaders } from '../src/domain/webhooks/delivery/sign.ts';
import { makeCertificate, startReceiver } from '../test/webhooks/helpers/receiver.ts';

const { values } = parseArgs({ options: { deliveries: { type: 'string', default: '2000' }, db: { type: 'string', default: 'postgres' } } });
const TOTAL = Number(values.deliveries);
const CONCURRENCY = 16;
const SOCKETS = 8;

async function openDb(): Promise<{ connectionString: string; close: () => Promise<void> }> {
  if (values.db === 'embedded') {
    const db = await openMemoryDatabase();
    await applyMigrations(migrationTarget(db.connectionString, 'embedded'));
    return { connectionString: db.connectionString, close: () => db.close() };
  }
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test', 'bench_webhooks');
  await applyMigrations(migrationTarget(scratch.connectionString, 'server'));
  return { connectionString: scratch.connectionString, close: scratch.drop };
}

const event = (i: number) => domainEvent('credit.consumed', { transaction_id: i, feature: 'ai_insights', amount: 1, balance: 1_000_000 - i });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  const cert = makeCertificate();
  const receiver = await startReceiver(cert);
  const db = await openDb();
  const prisma: PrismaClient = createPrisma(db.connectionString, { poolSize: 6 });
  const accounts = accountsService(prisma);
  const dispatcherOptions = { prisma, allowHosts: ['localhost'], extraCa: cert.cert, concurrency: CONCURRENCY, pollMs: 10 };
  const lines: string[] = [];
  try {
    // Warm-up (JIT, TLS, pool) so that the first scenario is not measured cold.
    const warm = await accounts.createAccount({ name: 'bench warm-up' });
    await prisma.webhookSubscription.create({ data: { accountId: warm.id, url: receiver.url('/warm'), events: ['*'], secret: generateWebhookSecret() } });
    await prisma.$transaction((tx) => appendEvents(tx, warm.id, Array.from({ length: 200 }, (_, i) => event(i))));
    const warmUp = webhookDispatcher(dispatcherOptions);
    await warmUp.drain();
    await warmUp.stop();
    for (const subscriptions of [1, 10, 100]) {
      const account = await accounts.createAccount({ name: `bench ${subscriptions}` });
      await prisma.webhookSubscription.createMany({
        data: Array.from({ length: subscriptions }, (_, i) => ({ accountId: account.id, url: receiver.url(`/s${i}`), events: ['*'], secret: generateWebhookSecret() })),
      });
      const events = Math.max(1, Math.round(TOTAL / subscriptions));
      const deliveries = events * subscriptions;

      // Baseline: the same number of signed POSTs straight to the receiver, same concurrency and agent.
      const agent = new https.Agent({ keepAlive: true, maxSockets: SOCKETS, ca: cert.cert });
      const secret = generateWebhookSecret();
      let next = 0;
      const rawStart = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < deliveries) {
            const i = next++;
            const body = deliveryBody('credit.consumed', event(i).data);
            const headers = deliveryHeaders({ secret, event: 'credit.consumed', deliveryId: `dlv_raw${i}`, body, now: new Date() });
            await new Promise<void>((resolve, reject) => {
              const req = https.request({ host: '127.0.0.1', port: receiver.port, servername: 'localhost', path: `/raw`, method: 'POST', agent, headers: { ...headers, Host: `localhost:${receiver.port}`, 'Content-Length': String(Buffer.byteLength(body)) } }, (res) => {
                res.resume();
                res.on('end', () => (res.statusCode && res.statusCode < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
              });
              req.on('error', reject);
              req.end(body);
            });
          }
        }),
      );
      const rawPerSecond = deliveries / ((performance.now() - rawStart) / 1000);
      agent.destroy();

      // The dispatcher: outbox -> fan-out -> claims -> signed sends -> recorded attempts.
      for (let i = 0; i < events; i += 500) {
        await prisma.$transaction((tx) => appendEvents(tx, account.id, Array.from({ length: Math.min(500, events - i) }, (_, j) => event(i + j))));
      }
      const dispatcher = webhookDispatcher(dispatcherOptions);
      const start = performance.now();
      const stats = await dispatcher.drain();
      const perSecond = stats.succeeded / ((performance.now() - start) / 1000);
      await dispatcher.stop();
      if (stats.succeeded !== deliveries) throw new Error(`expected ${deliveries} deliveries, got ${JSON.stringify(stats)}`);

      // Delay from event to first attempt, with the loop running and events arriving one by one.
      const running = webhookDispatcher(dispatcherOptions);
      running.start();
      // One event every 20 ms per subscription (so 50 deliveries/s offered whatever the fan-out).
      const probes = Math.max(10, Math.round(200 / subscriptions));
      const ids: string[] = [];
      for (let i = 0; i < probes; i++) {
        ids.push(...(await prisma.$transaction((tx) => appendEvents(tx, account.id, [event(i)]))));
        await sleep(20 * subscriptions);
      }
      const expected = probes * subscriptions;
      const deadline = Date.now() + 120_000;
      let attempts: Array<{ startedAt: Date; delivery: { event: { createdAt: Date } } }> = [];
      while (Date.now() < deadline) {
        attempts = await prisma.webhookAttempt.findMany({
          where: { attemptNo: 1, delivery: { event: { eventId: { in: ids } } } },
          select: { startedAt: true, delivery: { select: { event: { select: { createdAt: true } } } } },
        });
        if (attempts.length >= expected) break;
        await sleep(100);
      }
      await running.stop();
      const delays = attempts.map((a) => a.startedAt.getTime() - a.delivery.event.createdAt.getTime()).sort((a, b) => a - b);

      lines.push(
        `${String(subscriptions).padStart(3)} subscription(s), ${deliveries} deliveries: dispatcher ${perSecond.toFixed(0).padStart(5)}/s, ` +
          `raw signed POSTs ${rawPerSecond.toFixed(0).padStart(5)}/s, ratio ${(perSecond / rawPerSecond).toFixed(2)}; ` +
          `event -> first attempt p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms (${delays.length} deliveries)`,
      );
      console.log(lines.at(-1));
    }
  } finally {
    await prisma.$disconnect();
    await db.close();
    await receiver.close();
    cert.remove();
  }
  console.log(`\nbench/webhooks on ${values.db === 'embedded' ? 'the embedded database (PGlite)' : 'PostgreSQL'}, ${CONCURRENCY} in flight, ${SOCKETS} sockets to the receiver`);
  for (const line of lines) console.log(line);
}

await main();

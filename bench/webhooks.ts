// bench/webhooks: webhook delivery throughput and latency against local HTTPS receivers.
//  1. Throughput: for 1, 10 and 100 subscriptions (all on one receiver: one destination), events
//     are written to the outbox and one dispatcher with its default settings (512 deliveries
//     claimed at most, 8 sends and sockets per destination) fans them out and delivers every
//     delivery; deliveries per second. Baseline, in the same run: the same number of signed POSTs
//     sent straight to the receiver with 16 requests at once over 8 keep-alive sockets (no
//     database). The ratio is dispatcher / baseline; the target is at least 0.6. The pair is run
//     --repeats times (which of the two runs first alternates) and the median ratio is printed with
//     the lowest and highest, with the CPU per delivery of this process (dispatcher and receiver,
//     or raw client and receiver) and of the PostgreSQL backends serving the benchmark's database.
//  2. Delay: with the dispatcher running its loop (default 2 s safety-net poll; woken by the
//     writer in this process, and on PostgreSQL by the outbox NOTIFY as `svc worker` is), events are
//     written one at a time (one every 20 ms x subscriptions, 50 deliveries a second); the delay
//     from the event's creation to the start of its first attempt, p50 and p99 (target at 10
//     subscriptions: p99 under 100 ms).
//  3. Isolation: nine subscriptions on one receiver, the same events with and without a tenth
//     subscription on another receiver that answers after 2 s; the time until the nine have all
//     their deliveries, with / without (target: at most 1.2). Each scenario takes well under a
//     second to a few seconds, so the pair is repeated (--repeats, default 5; which of the two runs
//     first alternates) and the median ratio is printed with the lowest and highest.
// Before all of it, --warmup (default 6) drains of --deliveries to one subscription and as many raw
// POSTs warm the process up (a dispatcher's CPU per delivery settles only after a few drains).
//   node bin/run-ts.js bench/webhooks.ts [--deliveries 2000] [--db postgres|embedded] [--repeats 5] [--warmup 6]
//        [--only throughput|delay|isolation] [--profile DIR] [--set concurrency=256 ...]
// --profile writes a CPU profile of every dispatcher drain to DIR (read them with
// `node bin/run-ts.js bench/lib/profile-summary.ts FILE`).
// BENCH_DATABASE_URL names the PostgreSQL server (default postgresql://postgres@127.0.0.1:5432/test);
// the benchmark creates and drops its own database there. --db embedded uses an in-memory PGlite.
// The machine's load average is printed before and after: on a shared machine, compare ratios.
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { openMemoryDatabase } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { migrationTarget } from '../src/db/database.ts';
import { createPrisma, type PrismaClient } from '../src/db/client.ts';
import { accountsService } from '../src/domain/accounts/index.ts';
import { appendEvents } from '../src/domain/events/index.ts';
import { domainEvent } from '../src/domain/events/index.ts';
import { generateWebhookSecret, secretBox } from '../src/domain/webhooks/index.ts';
import { outboxNotifications, webhookDispatcher, type DispatcherOptions } from '../src/domain/webhooks/index.ts';
import { deliveryBody, deliveryHeaders } from '../src/domain/webhooks/index.ts';
import { cpuMeter, phaseProfiler, type CpuReading } from './lib/cpu.ts';
import { makeCertificate, startReceiver, type Receiver } from '../test/webhooks/helpers/receiver.ts';

const { values } = parseArgs({
  options: {
    deliveries: { type: 'string', default: '2000' },
    db: { type: 'string', default: 'postgres' },
    repeats: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '6' },
    only: { type: 'string' },
    profile: { type: 'string' },
    set: { type: 'string', multiple: true, default: [] },
  },
});
const TOTAL = Number(values.deliveries);
const REPEATS = Math.max(1, Number(values.repeats));
const WARMUP = Math.max(1, Number(values.warmup));
if (values.only !== undefined && !['throughput', 'delay', 'isolation'].includes(values.only)) throw new Error('--only takes: throughput, delay, isolation');
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
// Secrets sealed at rest, as production requires (WEBHOOK_SECRET_KEY): the dispatcher opens them to sign.
const box = secretBox(randomBytes(32));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
type Meter = ReturnType<typeof cpuMeter>;
interface Run {
  perSecond: number;
  cpu: CpuReading;
}

/** Baseline: `deliveries` signed POSTs straight to the receiver, CONCURRENCY at once over SOCKETS keep-alive sockets (no database). */
async function rawPosts(receiver: Receiver, ca: string, deliveries: number, meter: Meter, profiler?: ReturnType<typeof phaseProfiler>): Promise<Run> {
  const agent = new https.Agent({ keepAlive: true, maxSockets: SOCKETS, ca });
  const secret = generateWebhookSecret();
  let next = 0;
  const cpu = await meter.start();
  const rawStart = performance.now();
  const sendAll = () =>
    Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries) {
          const i = next++;
          const body = deliveryBody('credit.consumed', event(i).data);
          const headers = deliveryHeaders({ secret, event: 'credit.consumed', deliveryId: `dlv_raw${i}`, body, now: new Date() });
          await new Promise<void>((resolve, reject) => {
            const req = https.request(
              {
                host: '127.0.0.1',
                port: receiver.port,
                servername: 'localhost',
                path: `/raw`,
                method: 'POST',
                agent,
                headers: { ...headers, Host: `localhost:${receiver.port}`, 'Content-Length': String(Buffer.byteLength(body)) },
              },
              (res) => {
                res.resume();
                res.on('end', () => (res.statusCode && res.statusCode < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
              },
            );
            req.on('error', reject);
            req.end(body);
          });
        }
      }),
    );
  await (profiler ? profiler.run(`raw-${Date.now()}`, sendAll) : sendAll());
  const perSecond = deliveries / ((performance.now() - rawStart) / 1000);
  const used = await cpu.stop();
  agent.destroy();
  return { perSecond, cpu: used };
}

/** The dispatcher: `events` new outbox events -> fan-out -> claims -> signed sends -> recorded attempts, drained. */
async function dispatcherDrain(
  prisma: PrismaClient,
  accountId: string,
  events: number,
  deliveries: number,
  options: DispatcherOptions,
  meter: Meter,
  profiler: ReturnType<typeof phaseProfiler>,
  subscriptions: number,
): Promise<Run> {
  for (let i = 0; i < events; i += 500) {
    await prisma.$transaction((tx) =>
      appendEvents(
        tx,
        accountId,
        Array.from({ length: Math.min(500, events - i) }, (_, j) => event(i + j)),
      ),
    );
  }
  const dispatcher = webhookDispatcher(options);
  const cpu = await meter.start();
  const start = performance.now();
  const stats = await profiler.run(`dispatcher-${subscriptions}-${Date.now()}`, () => dispatcher.drain());
  const perSecond = stats.succeeded / ((performance.now() - start) / 1000);
  const used = await cpu.stop();
  await dispatcher.stop();
  if (stats.succeeded !== deliveries) throw new Error(`expected ${deliveries} deliveries, got ${JSON.stringify(stats)}`);
  return { perSecond, cpu: used };
}

/** Delay from event to first attempt (ms, sorted), with the loop running and events arriving one by one. */
async function delay(prisma: PrismaClient, accountId: string, subscriptions: number, options: DispatcherOptions): Promise<number[]> {
  const running = webhookDispatcher(options);
  running.start();
  // One event every 20 ms per subscription (so 50 deliveries/s offered whatever the fan-out).
  const probes = Math.max(10, Math.round(200 / subscriptions));
  const ids: string[] = [];
  for (let i = 0; i < probes; i++) {
    ids.push(...(await prisma.$transaction((tx) => appendEvents(tx, accountId, [event(i)]))));
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
  return attempts.map((a) => a.startedAt.getTime() - a.delivery.event.createdAt.getTime()).sort((a, b) => a - b);
}

async function main() {
  const cert = makeCertificate();
  const receiver = await startReceiver(cert);
  const db = await openDb();
  // --set name=value overrides a numeric dispatcher setting (to explore; the figures are for the defaults).
  const overrides = Object.fromEntries(values.set.map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])]));
  // As `svc worker` on a server (openDatabase): the client prepares statements, so the dispatcher's
  // hot statements are parsed and planned once per connection (--set preparedStatements=0: unnamed).
  const prepared = values.db !== 'embedded' && overrides.preparedStatements !== 0;
  const prisma: PrismaClient = createPrisma(db.connectionString, { poolSize: 6, preparedStatements: prepared });
  const accounts = accountsService(prisma);
  const slowReceiver = await startReceiver(cert); // another port: another destination
  slowReceiver.on('/slow', () => ({ status: 200, delayMs: 2_000 }));
  const dispatcherOptions: DispatcherOptions = {
    prisma,
    allowHosts: ['localhost'],
    extraCa: cert.cert,
    secrets: box,
    ...overrides,
    preparedStatements: prepared,
  };
  // The loop as `svc worker` runs it: woken by NOTIFY on PostgreSQL (writers here also signal in-process).
  const loopOptions: DispatcherOptions = {
    ...dispatcherOptions,
    ...(values.db === 'embedded' ? {} : { wakeups: outboxNotifications(db.connectionString, (m) => console.error(m)) }),
  };
  const backendPids =
    values.db === 'embedded'
      ? null
      : async () => (await prisma.$queryRaw<Array<{ pid: number }>>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`).map((r) => r.pid);
  const meter = cpuMeter(backendPids);
  const profiler = phaseProfiler(values.profile);
  const lines: string[] = [];
  const loadBefore = loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  try {
    // Warm-up (JIT, TLS, pool, the database's caches) so that the first scenario is not measured cold:
    // --warmup dispatcher drains of --deliveries (to one subscription), and as many raw POSTs. A
    // dispatcher's CPU per delivery fell for its first 4-6 drains of 2,000 in one process (the JIT
    // tiering up a much larger path than the raw client's), so with the former warm-up of 200
    // deliveries the first scenario (1 subscription) paid for it.
    const warm = await accounts.createAccount({ name: 'bench warm-up' });
    await prisma.webhookSubscription.create({
      data: { accountId: warm.id, url: receiver.url('/warm'), events: ['*'], secret: box.seal(generateWebhookSecret()) },
    });
    for (let round = 0; round < WARMUP; round++) {
      await dispatcherDrain(prisma, warm.id, TOTAL, TOTAL, dispatcherOptions, meter, phaseProfiler(undefined), 1);
      await rawPosts(receiver, cert.cert, TOTAL, meter);
    }
    for (const subscriptions of values.only === 'isolation' ? [] : [1, 10, 100]) {
      const account = await accounts.createAccount({ name: `bench ${subscriptions}` });
      await prisma.webhookSubscription.createMany({
        data: Array.from({ length: subscriptions }, (_, i) => ({
          accountId: account.id,
          url: receiver.url(`/s${i}`),
          events: ['*'],
          secret: box.seal(generateWebhookSecret()),
        })),
      });
      if (values.only === 'delay') {
        // The delay alone, --repeats times (its p99 on a loaded machine moves a lot from one run to the next).
        const runs: number[][] = [];
        for (let r = 0; r < REPEATS; r++) runs.push(await delay(prisma, account.id, subscriptions, loopOptions));
        const p99s = runs.map((d) => percentile(d, 99));
        lines.push(
          `${String(subscriptions).padStart(3)} subscription(s), event -> first attempt, ${REPEATS} run(s): p50 ${runs.map((d) => percentile(d, 50)).join(' ')} ms, ` +
            `p99 ${p99s.join(' ')} ms (median p99 ${median(p99s)} ms)`,
        );
        console.log(lines.at(-1));
        continue;
      }
      const events = Math.max(1, Math.round(TOTAL / subscriptions));
      const deliveries = events * subscriptions;
      const runs: Array<{ raw: Run; service: Run }> = [];
      for (let r = 0; r < REPEATS; r++) {
        // Alternate which runs first, so that a drift of the machine's load does not favour one side.
        if (r % 2 === 0) {
          const raw = await rawPosts(receiver, cert.cert, deliveries, meter, profiler);
          runs.push({ raw, service: await dispatcherDrain(prisma, account.id, events, deliveries, dispatcherOptions, meter, profiler, subscriptions) });
        } else {
          const service = await dispatcherDrain(prisma, account.id, events, deliveries, dispatcherOptions, meter, profiler, subscriptions);
          runs.push({ raw: await rawPosts(receiver, cert.cert, deliveries, meter, profiler), service });
        }
      }
      const delays = values.only === 'throughput' ? [] : await delay(prisma, account.id, subscriptions, loopOptions);
      const ratios = runs.map((p) => p.service.perSecond / p.raw.perSecond).sort((a, b) => a - b);
      const cpu = (pick: (p: { raw: Run; service: Run }) => Run, key: 'processMs' | 'databaseMs') => {
        const values = runs.map((p) => pick(p).cpu[key]);
        return values.some((v) => v === null) ? 'n/a' : (median(values as number[]) / deliveries).toFixed(3);
      };
      lines.push(
        `${String(subscriptions).padStart(3)} subscription(s), ${deliveries} deliveries, ${REPEATS} pair(s): ` +
          `dispatcher median ${median(runs.map((p) => p.service.perSecond)).toFixed(0)}/s, raw signed POSTs median ${median(runs.map((p) => p.raw.perSecond)).toFixed(0)}/s, ` +
          `ratio median ${median(ratios).toFixed(2)} (lowest ${ratios[0]!.toFixed(2)}, highest ${ratios.at(-1)!.toFixed(2)}); ` +
          `CPU ms per delivery: dispatcher process ${cpu((p) => p.service, 'processMs')} + database ${cpu((p) => p.service, 'databaseMs')}, raw ${cpu((p) => p.raw, 'processMs')}` +
          (delays.length ? `; event -> first attempt p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms (${delays.length} deliveries)` : ''),
      );
      console.log(lines.at(-1));
    }
    if (values.only === undefined || values.only === 'isolation') {
      lines.push(await isolation(prisma, accounts, receiver, slowReceiver, loopOptions));
      console.log(lines.at(-1));
    }
  } finally {
    profiler.close();
    await slowReceiver.close();
    await prisma.$disconnect();
    await db.close();
    await receiver.close();
    cert.remove();
  }
  console.log(
    `\nbench/webhooks on ${values.db === 'embedded' ? 'the embedded database (PGlite)' : 'PostgreSQL'}; dispatcher defaults; ` +
      `baseline ${CONCURRENCY} requests at once over ${SOCKETS} sockets; load average ${loadBefore} before, ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} after (${availableParallelism()} CPUs)`,
  );
  for (const line of lines) console.log(line);
}

/**
 * Nine subscriptions on `fast`, the same events with and without a tenth on `slow` (2 s answers):
 * the time until the nine have all their deliveries, each with a running dispatcher.
 */
async function isolation(
  prisma: PrismaClient,
  accounts: ReturnType<typeof accountsService>,
  fast: Receiver,
  slow: Receiver,
  options: DispatcherOptions,
): Promise<string> {
  const events = Math.max(1, Math.round(TOTAL / 10));
  const nineFor = async (withSlow: boolean) => {
    const account = await accounts.createAccount({ name: `bench isolation ${withSlow}` });
    const urls = Array.from({ length: 9 }, (_, i) => fast.url(`/nine${i}`));
    if (withSlow) urls.push(slow.url('/slow'));
    await prisma.webhookSubscription.createMany({
      data: urls.map((url) => ({ accountId: account.id, url, events: ['*'], secret: box.seal(generateWebhookSecret()) })),
    });
    const target = fast.requests.length + 9 * events;
    const slowBefore = slow.requestsTo('/slow').length;
    for (let i = 0; i < events; i += 500) {
      await prisma.$transaction((tx) =>
        appendEvents(
          tx,
          account.id,
          Array.from({ length: Math.min(500, events - i) }, (_, j) => event(i + j)),
        ),
      );
    }
    const dispatcher = webhookDispatcher(options);
    const start = performance.now();
    dispatcher.start();
    await fast.waitFor(target, 300_000);
    const seconds = (performance.now() - start) / 1000;
    await dispatcher.stop(100);
    const slowSent = slow.requestsTo('/slow').length - slowBefore;
    // What the slow one has left is not part of the next measurement.
    await prisma.webhookDelivery.updateMany({ where: { subscription: { accountId: account.id }, status: 'pending' }, data: { status: 'cancelled' } });
    return { seconds, perSecond: (9 * events) / seconds, slowSent };
  };
  const pairs: Array<{ alone: Awaited<ReturnType<typeof nineFor>>; beside: Awaited<ReturnType<typeof nineFor>> }> = [];
  for (let i = 0; i < REPEATS; i++) {
    // Alternate which runs first, so that a drift of the machine's load does not favour one side.
    if (i % 2 === 0) {
      const alone = await nineFor(false);
      pairs.push({ alone, beside: await nineFor(true) });
    } else {
      const beside = await nineFor(true);
      pairs.push({ alone: await nineFor(false), beside });
    }
  }
  const ratios = pairs.map((p) => p.beside.seconds / p.alone.seconds).sort((a, b) => a - b);
  const aloneS = median(pairs.map((p) => p.alone.seconds));
  const besideS = median(pairs.map((p) => p.beside.seconds));
  const n = 9 * events;
  return (
    `isolation, ${n} deliveries to 9 subscriptions, ${REPEATS} pair(s): alone median ${(n / aloneS).toFixed(0)}/s (${aloneS.toFixed(2)} s), ` +
    `beside a 10th answering in 2 s median ${(n / besideS).toFixed(0)}/s (${besideS.toFixed(2)} s; ` +
    `${median(pairs.map((p) => p.beside.slowSent)).toFixed(0)} sent to the slow one meanwhile), ` +
    `time ratio median ${median(ratios).toFixed(2)} (lowest ${ratios[0]!.toFixed(2)}, highest ${ratios.at(-1)!.toFixed(2)}; ` +
    `${ratios.map((r) => r.toFixed(2)).join(' ')})`
  );
}

await main();

// The connector process of bench/shopify-backfill: one `syncIntegration` of a connected shop as the
// `shopify-sync` job runs it, with the compiled service (dist/, as `svc worker` runs it; the parent
// builds dist/ first when a source is newer) under plain node, so its CPU and memory are a worker's:
// tsx, which runs the TypeScript sources, added about 55 MB that a worker does not hold (as in
// bench/lib/ingest-child.mjs). The heap setting of the processes that run jobs is applied
// (src/cli/heap.ts) unless `defaultHeap`. Prints one JSON line: the backfill's seconds, the time
// spent inside the ingestion commands, the stock port and the progress saves, the CPU of this
// process and of the server processes of its connections, the resident memory before and its peak
// (sampled every 50 ms; and VmHWM), the JS heap's peak and what is live after (run with
// --expose-gc), the RSS's composition at its peak, and the sync's phase.
//   node --expose-gc bench/lib/shopify-backfill-child.mjs '<json: url, simUrl, shop, token, batch, defaultHeap, profile, connectorOnly>'
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { HEAP_GROWING_PERCENT, boundHeapGrowth } from '../../dist/app/heap.js';
import { createPrisma } from '../../dist/app/db-client.js';
import { ingestionService } from '../../dist/app/ingestion.js';
import { integrationsService, syncStreamsService } from '../../dist/app/integrations.js';
import { connectorStock } from '../../dist/app/connections.js';
import { shopifySync } from '../../dist/app/shopify.js';
import { cpuMs, statusKb } from './proc.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');
if (!options.url || !options.simUrl) throw new Error('usage: shopify-backfill-child.mjs \'{"url":…,"simUrl":…,"shop":…,"token":…}\'');
// The heap setting of the processes that run jobs (svc worker, svc start), unless told otherwise.
if (!options.defaultHeap) boundHeapGrowth();

/** Every function of `service` timed into `spent.ms` (the ingestion writes, the stock, the progress saves). */
function timed(service, spent) {
  const wrapped = { ...service };
  for (const [key, fn] of Object.entries(service))
    if (typeof fn === 'function')
      wrapped[key] = async (...args) => {
        const start = performance.now();
        try {
          return await fn.apply(service, args);
        } finally {
          spent.ms += performance.now() - start;
        }
      };
  return wrapped;
}

/** A result of `n` records stored, as the ingestion answers. */
const stored = (n) => ({ outcomes: [], counts: { stored: n, skipped: 0, rejected: 0 }, changes: { days: [], customerIds: [], skus: [] } });

/**
 * `connectorOnly`: the ingestion's record writes take the records and store nothing (the orders'
 * bulk call reads them batch by batch, as the bulk path does, and reports each batch), so the
 * process's CPU is the connector's own: download, JSONL, join, mapping, progress saves.
 */
function discarding(ingestion) {
  const take = async (_account, _origin, records) => stored(records.length);
  return {
    ...ingestion,
    upsertCustomers: take,
    upsertProducts: take,
    setInventoryLevels: take,
    async bulkUpsertOrders(_account, _origin, records, { batchSize, progress }) {
      let n = 0;
      for await (const record of records) {
        if (!record) throw new Error('no record');
        if (++n % batchSize === 0) {
          await new Promise((resolve) => setImmediate(resolve));
          progress?.(stored(n).counts);
        }
      }
      progress?.(stored(n).counts);
      return stored(n);
    },
  };
}

const APP = 'bench-shopify-backfill';
const connection = new URL(options.url);
connection.searchParams.set('application_name', APP);
const prisma = createPrisma(connection.toString(), { poolSize: 2 });
/** The server processes of this process's connections (the pool keeps them open through the backfill). */
const backends = async () =>
  (await prisma.$queryRawUnsafe(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${APP}'`)).map((r) => r.pid);

try {
  const integrations = integrationsService(prisma);
  const { id: integrationId } = await integrations.connectIntegration(options.accountId, {
    provider: 'shopify',
    shop: options.shop,
    scopes: ['read_orders', 'read_all_orders'],
  });
  const db = { ms: 0 };
  const ingestion = ingestionService(prisma);
  const sync = shopifySync({
    ingestion: timed(options.connectorOnly ? discarding(ingestion) : ingestion, db),
    integrations,
    streams: timed(syncStreamsService(prisma), db),
    stock: timed(connectorStock(prisma), db),
    api: { apiVersion: '2025-01', baseUrl: `${options.simUrl}/{shop}` },
    publicUrl: 'https://bench.example.com',
    access: async () => ({ shop: options.shop, accessToken: options.token }),
    enqueue: async () => {},
    batchSize: options.batch,
    pollMs: 20,
  });

  const rssBefore = process.memoryUsage().rss;
  let heapPeak = 0;
  /** The peaks of the RSS, the heap's size (used and free) and the memory outside it, and the RSS's composition at its own peak. */
  const peaks = { rss: rssBefore, heapTotal: 0, external: 0, atRss: process.memoryUsage() };
  // process.memoryUsage() walks the heap's spaces (about 2 % of the backfill's time every 50 ms, in
  // the tsx bench that ran in this process), and even reading the RSS alone every 50 ms showed as
  // 3 % of the connector's time in a profile: the RSS is read every 250 ms (the kernel's own peak,
  // VmHWM, is printed too), the heap every 2.5 s and whenever the RSS reaches a new peak.
  let ticks = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss <= peaks.rss && ++ticks % 10 !== 0) return;
    const m = process.memoryUsage();
    if (m.rss > peaks.rss) {
      peaks.atRss = m;
      // The heap's spaces at the RSS's peak (committed MB): which of them the heap's size is.
      peaks.spaces = Object.fromEntries(
        getHeapSpaceStatistics().map((s) => [s.space_name.replace(/_space$/, ''), +(s.physical_space_size / 1048576).toFixed(1)]),
      );
    }
    peaks.rss = Math.max(peaks.rss, rss, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
    peaks.heapTotal = Math.max(peaks.heapTotal, m.heapTotal);
    peaks.external = Math.max(peaks.external, m.external);
  }, 250);
  await prisma.$queryRawUnsafe('SELECT 1');
  const pids = await backends();
  const serverBefore = new Map(pids.map((pid) => [pid, cpuMs(pid) ?? 0]));
  let session = null;
  if (options.profile) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const cpu = process.cpuUsage();
  const start = performance.now();
  await sync.syncIntegration(options.accountId, integrationId, new Date());
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(options.profile, { recursive: true });
    writeFileSync(path.join(options.profile, 'backfill.cpuprofile'), JSON.stringify(profile));
    session.disconnect();
  }
  let databaseMs = 0;
  // A backend opened during the backfill started from zero; one closed during it is lost (the pool keeps its own open).
  for (const pid of new Set([...pids, ...(await backends())])) {
    const now = cpuMs(pid);
    if (now !== null) databaseMs += now - (serverBefore.get(pid) ?? 0);
  }
  globalThis.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const status = await sync.syncStatus(options.accountId, integrationId);
  const heapSetting =
    options.defaultHeap || process.execArgv.some((a) => a.startsWith('--heap-growing')) ? 'as given to node' : `growing ${HEAP_GROWING_PERCENT}%`;
  console.log(
    JSON.stringify({
      seconds,
      dbMs: db.ms,
      processMs: (used.user + used.system) / 1000,
      databaseMs,
      rssBefore,
      peakRss: peaks.rss,
      vmHwmKb: statusKb('VmHWM'),
      heapPeak,
      heapAfter,
      heapTotalPeak: peaks.heapTotal,
      externalPeak: peaks.external,
      atRss: peaks.atRss,
      spaces: peaks.spaces,
      heapSetting,
      phase: status.phase,
      lastError: status.lastError,
    }),
  );
} finally {
  await prisma.$disconnect();
}

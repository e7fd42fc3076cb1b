// The loading process of bench/ingest: Prisma, the ingestion service and a reader of the NDJSON
// file, nothing else (the parent generates the file, migrates the database and runs COPY), so its
// memory is the bulk load's own. It runs the compiled service (dist/, as `svc` and a worker that
// imports a file run it; the parent builds dist/ first when a source is newer) with plain node:
// tsx, which runs the TypeScript sources, would add about 55 MB that loading does not need.
// Prints one JSON line: the load's seconds and counts, this process's resident memory before the
// load (VmRSS) and its peak over its whole life (VmHWM: node, Prisma's client and query compiler,
// the load), its CPU time during the load, and that of the server processes of its connections.
//   node bench/lib/ingest-child.mjs <connection string> <file.ndjson> <account id> [batch size]
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createPrisma } from '../../dist/app/db-client.js';
import { ingestionService } from '../../dist/app/ingestion.js';
import { cpuMs, statusKb } from './proc.mjs';

const [url, file, accountId, batchSize] = process.argv.slice(2);
if (!url || !file || !accountId) throw new Error('usage: ingest-child.mjs <connection string> <file.ndjson> <account id>');
const connection = new URL(url);
connection.searchParams.set('application_name', 'bench-ingest-load');
const prisma = createPrisma(connection.toString(), { poolSize: 2 });

async function* records() {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) if (line) yield JSON.parse(line);
}

try {
  const service = ingestionService(prisma);
  await prisma.$queryRawUnsafe('SELECT 1');
  const rssBeforeKb = statusKb('VmRSS');
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await service.bulkUpsertOrders(
    accountId,
    { source: 'shopify', integrationId: null, via: 'import' },
    records(),
    batchSize ? { batchSize: Number(batchSize) } : {},
  );
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const peakKb = statusKb('VmHWM');
  // The server processes of this process's connections (the pool keeps them open through the load).
  const backends = await prisma.$queryRawUnsafe(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'bench-ingest-load'`,
  );
  const databaseMs = backends.reduce((sum, r) => sum + cpuMs(r.pid), 0);
  console.log(JSON.stringify({ seconds, counts: result.counts, rssBeforeKb, peakKb, processMs: (used.user + used.system) / 1000, databaseMs }));
} finally {
  await prisma.$disconnect();
}

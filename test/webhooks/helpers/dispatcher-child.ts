// A dispatcher in its own process, for the crash test: started on a test database, killed with
// SIGKILL mid-delivery. Arguments: <connection string> <allowed host> <CA file> [concurrency, default 1].
import { readFileSync } from 'node:fs';
import { createPrisma } from '../../../src/db/client.ts';
import { webhookDispatcher } from '../../../src/domain/webhooks/index.ts';

const [connectionString, allowHost, caFile, concurrency = '1'] = process.argv.slice(2);
if (!connectionString || !allowHost || !caFile) {
  console.error('usage: dispatcher-child.ts <connection string> <allowed host> <CA file>');
  process.exit(2);
}
const prisma = createPrisma(connectionString, { poolSize: 2 });
const dispatcher = webhookDispatcher({
  prisma,
  allowHosts: [allowHost],
  extraCa: readFileSync(caFile, 'utf8'),
  concurrency: Number(concurrency),
  timeoutMs: 20_000,
  pollMs: 20,
  log: (message) => console.error(message),
});
dispatcher.start();
console.log('started');

// What a debit costs: N debits (sequential and all at once) against a baseline of N minimal
// interactive transactions on the same database, printed as ratios (the machine's load cancels
// out). Also checks the outcome (balance == ledger sum). Embedded database by default, or
// pass a postgresql:// URL of an empty database as an argument to measure there.
// Run: node bin/run-ts.js bench/credits-ledger.ts
import { loadConfig } from '../src/config.ts';
import { openMemoryDatabase } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrator.ts';
import { connectDatabase, migrationTarget } from '../src/db/database.ts';
import { buildServices } from '../src/services.ts';
import { accountsService } from '../src/domain/accounts/index.ts';

const N = 200;
const serverUrl = process.argv.find((a) => a.startsWith('postgres')) ?? null;
const embedded = serverUrl ? null : await openMemoryDatabase();
const url = serverUrl ?? embedded!.connectionString;
await applyMigrations(migrationTarget(url, serverUrl ? 'server' : 'embedded'));
const db = await connectDatabase(url, serverUrl ? 'server' : 'embedded', { poolSize: 10, connectionTimeoutMs: 120_000 });
const services = buildServices(loadConfig({ env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, envFile: null }), db);
const { id } = await accountsService(db.prisma).createAccount({ name: 'bench' });
await services.credits.purchase(id, N * 5 * 3);

const time = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const baseline = await time(async () => {
  for (let i = 0; i < N; i++) await db.prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`);
});
const sequential = await time(async () => {
  for (let i = 0; i < N; i++) await services.credits.debit(id, 'ai_insight');
});
const concurrent = await time(() => Promise.all(Array.from({ length: N }, () => services.credits.debit(id, 'ai_insight'))));
const refunds = await db.prisma.creditTransaction.findMany({ where: { accountId: id, kind: 'consume' }, select: { id: true }, take: N });
const refund = await time(() => Promise.all(refunds.map((r) => services.credits.refund(id, r.id))));
const balance = await services.credits.currentBalance(id);
const sum = await services.credits.ledgerSum(id);

const ms = (v: number) => `${(v / N).toFixed(2)} ms each`;
console.log(`database: ${serverUrl ? 'postgresql' : 'embedded'}; ${N} operations each`);
console.log(`baseline  (BEGIN; SELECT 1; COMMIT)  ${ms(baseline)}  ratio 1.00`);
console.log(`debit, sequential                    ${ms(sequential)}  ratio ${(sequential / baseline).toFixed(2)}`);
console.log(`debit, ${N} at once                  ${ms(concurrent)}  ratio ${(concurrent / baseline).toFixed(2)}`);
console.log(`refund, ${N} at once                 ${ms(refund)}  ratio ${(refund / baseline).toFixed(2)}`);
console.log(`balance ${balance}, ledger sum ${sum}: ${balance === sum ? 'consistent' : 'INCONSISTENT'}`);
await db.close();
await embedded?.close();

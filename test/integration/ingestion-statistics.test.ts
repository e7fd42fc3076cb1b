// The bulk path's statistics (src/domain/ingestion/repo-statistics.ts): a bulk load into an
// account that the tables' statistics do not count (taken while only other accounts had rows, as
// after the demo seed's ANALYZE) refreshes them in its first batches, so the planner's estimate of
// the account's rows follows what is there.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { makeAccount } from '../factories/index.ts';
import { ingestionService, type OrderRecord, type Origin } from '../../src/domain/ingestion/index.ts';

const IMPORT: Origin = { source: 'shopify', integrationId: null, via: 'import' };

function orders(prefix: string, count: number): OrderRecord[] {
  return Array.from({ length: count }, (_, n) => {
    const placedAt = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
    return {
      externalId: `${prefix}-${n}`,
      updatedAt: placedAt,
      placedAt,
      currency: 'USD',
      customer: { externalId: `${prefix}-c${n % 40}` },
      subtotal: '10.00',
      total: '10.00',
      lines: [{ sku: `${prefix}-SKU`, quantity: 1, unitPrice: '10.00' }],
      refunds:
        n % 4 === 0 ? [{ externalId: `${prefix}-r${n}`, orderExternalId: `${prefix}-${n}`, updatedAt: placedAt, refundedAt: placedAt, amount: '5.00' }] : [],
    };
  });
}

describeEachDatabase('ingestion bulk statistics', (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 2 });
  });
  afterAll(async () => {
    await db?.close();
    await database?.close();
  });

  /** The planner's estimate of the account's rows in the table. */
  async function estimated(table: 'orders' | 'customers' | 'refunds', accountId: string): Promise<number> {
    const plan = await db.prisma.$queryRawUnsafe<Array<Record<string, string>>>(`EXPLAIN SELECT 1 FROM ${table} WHERE account_id = $1`, accountId);
    return Number(/ rows=(\d+)/.exec(Object.values(plan[0]!)[0]!)![1]);
  }

  test('a load into an account the statistics do not count refreshes them', async () => {
    const ingestion = ingestionService(db.prisma);
    const first = await makeAccount(db.prisma);
    expect((await ingestion.bulkUpsertOrders(first.id, IMPORT, orders('F', 400), { batchSize: 100 })).counts.stored).toBe(400);
    // Statistics that know only the first account (as the demo seed leaves them).
    await db.prisma.$executeRawUnsafe('ANALYZE orders, customers, refunds');
    const second = await makeAccount(db.prisma);
    for (const table of ['orders', 'customers', 'refunds'] as const) expect(await estimated(table, second.id)).toBeLessThan(10);

    expect((await ingestion.bulkUpsertOrders(second.id, IMPORT, orders('S', 300), { batchSize: 100 })).counts.stored).toBe(300);
    // Analyzed in its first batches: the estimates count its rows (at least some of its first batch's; 1 before).
    expect(await estimated('orders', second.id)).toBeGreaterThanOrEqual(50);
    expect(await estimated('customers', second.id)).toBeGreaterThanOrEqual(20);
    expect(await estimated('refunds', second.id)).toBeGreaterThanOrEqual(20);
  });
});

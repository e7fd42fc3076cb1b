// inventory_velocity emits inventory.low_stock when an item enters low or critical, in the same
// transaction as the status, and not again while it stays there.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices, type Services } from '../../src/services.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeDailySales, makeStockItem } from '../factories/orders.ts';
import { updateInventoryItem } from '../factories/rows.ts';

/** 12:00 on 2026-06-15 in New York. */
const NOW = new Date('2026-06-15T16:00:00Z');

describeEachDatabase('inventory.low_stock', (target) => {
  let database: TestDatabase;
  let db: Database;
  let services: Services;

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 5 });
    services = buildServices(testConfig(), db);
  });
  afterAll(async () => {
    await db.close();
    await database.close();
  });

  test('entering low, then critical, emits; staying, or critical → low, does not; ok → low emits again', async () => {
    const { id: accountId } = await makeAccount(db.prisma, { timezone: 'America/New_York' });
    // One unit a day for 30 days: 1 unit/day; lead time 14: critical below 14 days, low below 28.
    const item = await makeStockItem(db.prisma, accountId, { sku: 'MUG-1', productName: 'Mug', currentStock: 100, leadTimeDays: 14 });
    await makeDailySales(
      db.prisma,
      accountId,
      item,
      NOW,
      Array.from({ length: 30 }, () => 1),
    );
    const lowStock = async () => (await services.events.listForAccount(accountId, { name: 'inventory.low_stock' })).map((e) => e.data);
    const withStock = async (stock: number) => {
      await updateInventoryItem(db.prisma, item.id, { currentStock: stock });
      return services.inventory.computeInventoryVelocity(accountId, NOW);
    };

    expect(await withStock(100)).toBe(1); // ok: 100 days
    expect(await lowStock()).toEqual([]);
    await withStock(20); // low: 20 days
    await withStock(20);
    await withStock(19);
    // Stock-out: today (the 15th) + 20 days.
    expect(await lowStock()).toEqual([
      { sku: 'MUG-1', product_name: 'Mug', status: 'low', current_stock: 20, days_of_stock: 20, lead_time_days: 14, estimated_stockout_date: '2026-07-05' },
    ]);
    await withStock(10); // critical
    await withStock(10);
    await withStock(20); // back to low from critical: no event
    await withStock(100); // ok
    await withStock(25); // low again
    expect((await lowStock()).map((d) => [(d as { status: string }).status, (d as { current_stock: number }).current_stock])).toEqual([
      ['low', 20],
      ['critical', 10],
      ['low', 25],
    ]);
  });

  test('two concurrent runs emit the entry once', async () => {
    const { id: accountId } = await makeAccount(db.prisma);
    const item = await makeStockItem(db.prisma, accountId, { currentStock: 5, leadTimeDays: 14 });
    await makeDailySales(db.prisma, accountId, item, NOW, [3, 3, 3]);
    await Promise.all([services.inventory.computeInventoryVelocity(accountId, NOW), services.inventory.computeInventoryVelocity(accountId, NOW)]);
    expect(await services.events.listForAccount(accountId, { name: 'inventory.low_stock' })).toHaveLength(1);
  });
});

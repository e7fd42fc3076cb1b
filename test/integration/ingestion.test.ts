// The one write path for commerce data (src/domain/ingestion): newer-wins by the upstream's
// updated_at (older, repeated and out-of-order records), refunds as dated rows (a refund 200 days
// late corrects its day; both attributions exact to the cent), test orders stored and never
// counted, cancellations, deletes, redaction of a customer and of a shop, rejected records, the
// marks handed to the onChanged port inside the write's transaction. Reads go through real HTTP.
import { jest } from '@jest/globals';
import pg from 'pg';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { ingestionService, type ChangeSet, type IngestionService, type OrderRecord, type Origin } from '../../src/domain/ingestion/index.ts';

// Starting the app over a fresh embedded database takes minutes on a loaded machine.
jest.setTimeout(600_000);

const DAY_MS = 86_400_000;
const SHOP: Origin = { source: 'shopify', integrationId: null, via: 'connector' };
const WOO: Origin = { source: 'woo_commerce', integrationId: null, via: 'import' };
const day = (at: Date) => at.toISOString().slice(0, 10);
/** Noon UTC `n` days ago (UTC accounts: the local day is the UTC day). */
const daysAgo = (n: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - n * DAY_MS + 12 * 3_600_000);
const stamp = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();

function order(externalId: string, placedAt: Date, overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    externalId,
    updatedAt: stamp(1),
    placedAt: placedAt.toISOString(),
    currency: 'USD',
    customer: { externalId: `c-${externalId}`, email: `${externalId}@example.com`, name: 'Ann Buyer', country: 'DE' },
    subtotal: '90.00',
    discountTotal: '0',
    shippingTotal: '5.00',
    taxTotal: '5.00',
    total: '100.00',
    shippingCost: '4.00',
    lines: [{ sku: 'MUG-1', quantity: 3, unitPrice: '30.00', unitCost: '7.10', productName: 'Mug' }],
    transactions: [{ externalId: `t-${externalId}`, kind: 'sale', status: 'success', amount: '100.00', fee: '3.20', processedAt: placedAt.toISOString() }],
    ...overrides,
  };
}

describeEachDatabase('ingestion commands', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let client: pg.Client;
  let ingestion: IngestionService;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database);
    ingestion = app.services.ingestion;
    client = new pg.Client({ connectionString: database.connectionString });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await app?.close();
    await database?.close();
  });

  const q = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows;

  /** Everything written for an account, without ids, in a stable order. */
  async function contents(accountId: string) {
    return {
      orders: await q(
        `SELECT o.source::text, o.external_id, o.status::text, o.subtotal::text, o.total_amount::text, o.refunded_amount::text, o.fees_amount::text,
                o.presentment_currency, o.presentment_total::text, o.placed_at, c.external_id AS customer
         FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE o.account_id = $1 ORDER BY o.source, o.external_id`,
        [accountId],
      ),
      lines: await q(
        `SELECT o.external_id, oi.sku, oi.quantity, oi.unit_price::text, oi.unit_cost::text FROM order_items oi JOIN orders o ON o.id = oi.order_id
         WHERE oi.account_id = $1 ORDER BY 1, 2`,
        [accountId],
      ),
      refunds: await q(
        `SELECT f.external_id, f.order_external_id, f.amount::text, f.refunded_at, o.external_id AS attached FROM refunds f LEFT JOIN orders o ON o.id = f.order_id
         WHERE f.account_id = $1 ORDER BY 1`,
        [accountId],
      ),
      customers: await q(`SELECT external_id, email, name, country FROM customers WHERE account_id = $1 ORDER BY 1`, [accountId]),
    };
  }

  async function profitDays(accountId: string): Promise<Map<string, { refunds: number; gross_revenue: number; purchase_count: number }>> {
    await app.services.profit.snapshotProfit(accountId, new Date(), { full: true });
    const key = await makeKey(app.db.prisma, accountId, ['read']);
    const res = await fetch(`${app.url}/api/v1/profit?days=365`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = (await readJson(res)) as { data: Array<{ snapshot_date: string; refunds: number; gross_revenue: number; purchase_count: number }> };
    return new Map(body.data.map((d) => [d.snapshot_date, d]));
  }

  test('out-of-order, repeated and older records converge on the newest; ids per account', async () => {
    const inOrder = await makeAccount(app.db.prisma);
    const reversed = await makeAccount(app.db.prisma);
    const placed = daysAgo(3);
    const created = order('1001', placed);
    const updated = order('1001', placed, {
      updatedAt: stamp(5),
      total: '110.00',
      subtotal: '100.00',
      lines: [{ sku: 'MUG-1', quantity: 2, unitPrice: '50.00', unitCost: '7.20' }],
    });

    const first = await ingestion.upsertOrders(inOrder.id, SHOP, [created]);
    expect(first.outcomes).toEqual([{ index: 0, externalId: '1001', outcome: 'stored' }]);
    expect((await ingestion.upsertOrders(inOrder.id, SHOP, [updated])).counts).toEqual({ stored: 1, skipped: 0, rejected: 0 });

    // The update arrives before the create; the create is then older and changes nothing.
    await ingestion.upsertOrders(reversed.id, SHOP, [updated]);
    const late = await ingestion.upsertOrders(reversed.id, SHOP, [created]);
    expect(late.outcomes).toEqual([{ index: 0, externalId: '1001', outcome: 'skipped', reason: 'older' }]);
    expect(late.changes).toEqual({ days: [], customerIds: [], skus: [] });
    const again = await ingestion.upsertOrders(reversed.id, SHOP, [updated, updated]);
    expect(again.outcomes.map((o) => o.outcome === 'skipped' && o.reason)).toEqual(['same', 'same']);

    const a = await contents(inOrder.id);
    expect(await contents(reversed.id)).toEqual(a);
    expect(a.orders).toHaveLength(1);
    expect(a.orders[0]).toMatchObject({ total_amount: '110.00', status: 'paid', fees_amount: '3.20' });
    expect(a.lines).toEqual([{ external_id: '1001', sku: 'MUG-1', quantity: 2, unit_price: '50.00', unit_cost: '7.20' }]);
    // Two records of one key in one call: the newer wins whatever the order.
    const both = await makeAccount(app.db.prisma);
    const r = await ingestion.upsertOrders(both.id, SHOP, [updated, created]);
    expect(r.outcomes.map((o) => o.outcome)).toEqual(['stored', 'skipped']);
    expect(await contents(both.id)).toEqual(a);
  });

  test('bad records are rejected alone with their field; unknown accounts and origins are refused', async () => {
    const account = await makeAccount(app.db.prisma);
    const result = await ingestion.upsertOrders(account.id, SHOP, [
      order('2001', daysAgo(1), { total: '12.345' }),
      order('2002', daysAgo(1), { currency: 'EUR' }),
      order('2003', daysAgo(1), { placedAt: 'yesterday' }),
      order('2004', daysAgo(1), { lines: [{ sku: 'X', quantity: 0, unitPrice: '1.00' }] }),
      order('2005', daysAgo(1)),
    ]);
    expect(result.outcomes).toEqual([
      { index: 0, externalId: '2001', outcome: 'rejected', field: 'total', reason: expect.stringContaining('2 decimals') },
      { index: 1, externalId: '2002', outcome: 'rejected', field: 'currency', reason: "is EUR, the account's currency is USD" },
      { index: 2, externalId: '2003', outcome: 'rejected', field: 'placedAt', reason: expect.stringContaining('ISO 8601') },
      { index: 3, externalId: '2004', outcome: 'rejected', field: 'lines[0].quantity', reason: expect.stringContaining('between') },
      { index: 4, externalId: '2005', outcome: 'stored' },
    ]);
    expect((await contents(account.id)).orders.map((o) => o.external_id)).toEqual(['2005']);
    await expect(ingestion.upsertOrders('acc_missing', SHOP, [order('1', daysAgo(1))])).rejects.toMatchObject({ code: 'not_found' });
    await expect(ingestion.upsertOrders(account.id, { ...SHOP, source: 'ebay' as never }, [])).rejects.toMatchObject({ code: 'invalid_parameter' });
  });

  test('a refund 200 days late corrects its order day; both attributions are exact to the cent', async () => {
    const account = await makeAccount(app.db.prisma);
    const placed = daysAgo(210);
    await ingestion.upsertOrders(account.id, SHOP, [order('3001', placed, { total: '100.00' })]);
    const lateDay = daysAgo(10);
    // The refund arrives before... nothing: its order is stored; it is dated 200 days after the sale.
    const refund = await ingestion.upsertRefunds(account.id, SHOP, [
      {
        externalId: 'r-1',
        orderExternalId: '3001',
        updatedAt: stamp(9),
        refundedAt: lateDay.toISOString(),
        amount: '33.33',
        lines: [{ sku: 'MUG-1', quantity: 1, amount: '33.33' }],
      },
      { externalId: 'r-2', orderExternalId: '3001', updatedAt: stamp(9), refundedAt: daysAgo(2).toISOString(), amount: '0.01' },
    ]);
    expect(refund.counts.stored).toBe(2);
    expect(refund.changes.days).toEqual([day(placed), day(daysAgo(2)), day(lateDay)].sort());
    expect((await contents(account.id)).orders[0]).toMatchObject({ refunded_amount: '33.34', status: 'partially_refunded' });

    const byOrderDay = await profitDays(account.id);
    expect(byOrderDay.get(day(placed))).toMatchObject({ gross_revenue: 100, refunds: 33.34 });
    expect(byOrderDay.get(day(lateDay))?.refunds).toBe(0);

    expect(await ingestion.getRefundAttribution(account.id)).toBe('order_day');
    await ingestion.setRefundAttribution(account.id, 'refund_day');
    const byRefundDay = await profitDays(account.id);
    expect(byRefundDay.get(day(placed))).toMatchObject({ gross_revenue: 100, refunds: 0 });
    expect(byRefundDay.get(day(lateDay))?.refunds).toBe(33.33);
    expect(byRefundDay.get(day(daysAgo(2)))?.refunds).toBe(0.01);
    const sum = (m: Map<string, { refunds: number }>) => Math.round([...m.values()].reduce((s, d) => s + d.refunds * 100, 0));
    expect(sum(byRefundDay)).toBe(3334);
    expect(sum(byOrderDay)).toBe(3334);
    await expect(ingestion.setRefundAttribution(account.id, 'whenever' as never)).rejects.toMatchObject({ code: 'invalid_parameter' });
  });

  test('a refund before its order waits for it; refunds carried by the order count once', async () => {
    const account = await makeAccount(app.db.prisma);
    await ingestion.upsertRefunds(account.id, SHOP, [
      { externalId: 'r-9', orderExternalId: '4001', updatedAt: stamp(3), refundedAt: daysAgo(1).toISOString(), amount: '100.00' },
    ]);
    expect((await contents(account.id)).refunds).toEqual([expect.objectContaining({ external_id: 'r-9', attached: null })]);
    const withRefund = order('4001', daysAgo(2), {
      refunds: [{ externalId: 'r-9', orderExternalId: '4001', updatedAt: stamp(3), refundedAt: daysAgo(1).toISOString(), amount: '100.00' }],
    });
    await ingestion.upsertOrders(account.id, SHOP, [withRefund]);
    const c = await contents(account.id);
    expect(c.refunds).toEqual([expect.objectContaining({ external_id: 'r-9', attached: '4001', amount: '100.00' })]);
    expect(c.orders[0]).toMatchObject({ refunded_amount: '100.00', status: 'refunded' });
  });

  test('test orders are stored and never counted; cancellations stop an order counting', async () => {
    const account = await makeAccount(app.db.prisma);
    const placed = daysAgo(1);
    await ingestion.upsertOrders(account.id, SHOP, [order('5001', placed), order('5002', placed, { test: true }), order('5003', placed)]);
    expect((await contents(account.id)).orders.map((o) => o.external_id)).toEqual(['5001', '5003']);
    expect(
      await q(`SELECT external_id, test, payload->>'total' AS total FROM ingestion_records WHERE account_id = $1 AND kind = 'order' AND test`, [account.id]),
    ).toEqual([{ external_id: '5002', test: true, total: '100.00' }]);
    // An order that turns out to be a test leaves the counted orders.
    await ingestion.upsertOrders(account.id, SHOP, [order('5003', placed, { test: true, updatedAt: stamp(2) })]);
    let days = await profitDays(account.id);
    expect(days.get(day(placed))).toMatchObject({ gross_revenue: 100, purchase_count: 1 });

    const cancelled = await ingestion.cancelOrders(account.id, SHOP, [
      { orderExternalId: '5001', cancelledAt: daysAgo(0).toISOString(), updatedAt: stamp(4) },
      { orderExternalId: 'nope', cancelledAt: daysAgo(0).toISOString(), updatedAt: stamp(4) },
    ]);
    expect(cancelled.outcomes.map((o) => o.outcome)).toEqual(['stored', 'rejected']);
    expect((await contents(account.id)).orders[0]).toMatchObject({ external_id: '5001', status: 'cancelled' });
    days = await profitDays(account.id);
    expect(days.get(day(placed))).toMatchObject({ gross_revenue: 0, purchase_count: 0 });
    // The order's record from before the cancellation is older and changes nothing.
    expect((await ingestion.upsertOrders(account.id, SHOP, [order('5001', placed, { updatedAt: stamp(3), total: '1.00' })])).counts.skipped).toBe(1);
  });

  test('an expense marks every day it is charged on: written, moved and deleted (one rule)', async () => {
    const account = await makeAccount(app.db.prisma);
    const monthly = (externalId: string, from: number, minutes: number, endsOn: string | null = null) => ({
      externalId,
      updatedAt: stamp(minutes),
      date: day(daysAgo(from)),
      category: 'Software',
      amount: '30.00',
      recurrence: 'monthly' as const,
      endsOn,
    });
    const span = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => day(daysAgo(from - i)));
    expect((await ingestion.upsertExpenses(account.id, SHOP, [monthly('e-m', 3, 1)])).changes.days).toEqual(span(3, 0));
    // Moved to one day: the days it was charged on before are marked too.
    const moved = await ingestion.upsertExpenses(account.id, SHOP, [monthly('e-m', 1, 2, day(daysAgo(1)))]);
    expect(moved.changes.days).toEqual(span(3, 0));
    await ingestion.upsertExpenses(account.id, SHOP, [monthly('e-d', 2, 1)]);
    const deleted = await ingestion.deleteRecords(account.id, SHOP, [{ kind: 'expense', externalId: 'e-d', deletedAt: stamp(3) }]);
    expect(deleted.changes.days).toEqual(span(2, 0));
    const oneOff = await ingestion.upsertExpenses(account.id, SHOP, [
      { externalId: 'e-1', updatedAt: stamp(1), date: day(daysAgo(5)), category: 'Tax', amount: '9.00' },
    ]);
    expect(oneOff.changes.days).toEqual([day(daysAgo(5))]);
  });

  test('deletes leave a tombstone: an older record cannot bring the row back', async () => {
    const account = await makeAccount(app.db.prisma);
    await ingestion.upsertOrders(account.id, SHOP, [order('6001', daysAgo(1))]);
    await ingestion.upsertExpenses(account.id, SHOP, [
      { externalId: 'e-1', updatedAt: stamp(1), date: day(daysAgo(1)), category: 'Software', amount: '49.99' },
    ]);
    const deleted = await ingestion.deleteRecords(account.id, SHOP, [
      { kind: 'order', externalId: '6001', deletedAt: stamp(10) },
      { kind: 'expense', externalId: 'e-1', deletedAt: stamp(10) },
      { kind: 'order', externalId: 'never-seen', deletedAt: stamp(10) },
    ]);
    expect(deleted.counts.stored).toBe(3);
    expect((await contents(account.id)).orders).toEqual([]);
    expect(await q(`SELECT count(*)::int AS n FROM expenses WHERE account_id = $1`, [account.id])).toEqual([{ n: 0 }]);
    const replay = await ingestion.upsertOrders(account.id, SHOP, [
      order('6001', daysAgo(1), { updatedAt: stamp(5) }),
      order('never-seen', daysAgo(1), { updatedAt: stamp(5) }),
    ]);
    expect(replay.counts).toEqual({ stored: 0, skipped: 2, rejected: 0 });
    const reborn = await ingestion.upsertOrders(account.id, SHOP, [order('6001', daysAgo(1), { updatedAt: stamp(11) })]);
    expect(reborn.counts.stored).toBe(1);
  });

  test("redacting a customer keeps the figures; redacting a shop removes only that shop's data", async () => {
    const account = await makeAccount(app.db.prisma);
    // Two Shopify shops connected to one account, a Shopify CSV import and a WooCommerce store.
    const connect = async (shop: string): Promise<Origin> => {
      const row = await app.db.prisma.integration.create({ data: { accountId: account.id, provider: 'shopify', shop, scopes: [] } });
      return { source: 'shopify', integrationId: row.id, via: 'connector' };
    };
    const shopA = await connect('a-shop.myshopify.com');
    const shopB = await connect('b-shop.myshopify.com');
    const file: Origin = { source: 'shopify', integrationId: null, via: 'import' };
    const placed = daysAgo(1);
    await ingestion.upsertCustomers(account.id, shopA, [
      { externalId: 'c-7001', updatedAt: stamp(1), email: 'Ann@Example.com', name: 'Ann', phone: '+1 555', city: 'Austin', country: 'US' },
    ]);
    await ingestion.upsertOrders(account.id, shopA, [
      order('7001', placed),
      order('7002', placed, { test: true, customer: { externalId: 'c-7001', email: 'ann-test@example.com' } }),
      order('7003', daysAgo(3), { customer: { externalId: 'c-7001' } }),
    ]);
    await ingestion.upsertRefunds(account.id, shopA, [
      { externalId: 'r-7003', orderExternalId: '7003', updatedAt: stamp(2), refundedAt: daysAgo(2).toISOString(), amount: '10.00' },
    ]);
    await ingestion.upsertProducts(account.id, shopA, [{ sku: 'A-ONLY', updatedAt: stamp(1), productName: 'Only A', unitCost: '1.00' }]);
    await ingestion.upsertOrders(account.id, shopB, [order('8001', placed)]);
    await ingestion.upsertProducts(account.id, shopB, [{ sku: 'B-ONLY', updatedAt: stamp(1), productName: 'Only B', unitCost: '1.00' }]);
    await ingestion.upsertOrders(account.id, file, [order('9001', placed)]);
    await ingestion.upsertOrders(account.id, WOO, [order('7001', placed, { customer: { externalId: 'woo-c1' } })]);
    const before = await profitDays(account.id);

    // 'c-later' is not stored yet (the request came first): its tombstone is written all the same.
    const redacted = await ingestion.redactCustomers(account.id, shopA, ['c-7001', 'c-later']);
    expect(redacted.outcomes.map((o) => o.outcome)).toEqual(['stored', 'stored']);
    expect(await q(`SELECT email, name, phone, city, country FROM customers WHERE account_id = $1 AND external_id = 'c-7001'`, [account.id])).toEqual([
      { email: '', name: 'Redacted customer', phone: null, city: '', country: 'US' },
    ]);
    expect(JSON.stringify(await q(`SELECT payload FROM ingestion_records WHERE account_id = $1`, [account.id]))).not.toContain('ann-test@example.com');
    // A customer record from before the redaction cannot bring the data back.
    const stale = await ingestion.upsertCustomers(account.id, shopA, [
      { externalId: 'c-7001', updatedAt: stamp(2), email: 'ann@example.com', name: 'Ann', country: 'US' },
    ]);
    expect(stale.counts.skipped).toBe(1);
    expect(await profitDays(account.id)).toEqual(before);
    // An order that names the customer redacted before they were stored brings no details of theirs.
    await ingestion.upsertOrders(account.id, shopA, [
      order('7004', daysAgo(5), { customer: { externalId: 'c-later', email: 'later@example.com', name: 'Lee Later' } }),
    ]);
    expect(await q(`SELECT email, name FROM customers WHERE account_id = $1 AND external_id = 'c-later'`, [account.id])).toEqual([
      { email: '', name: 'Redacted customer' },
    ]);

    // Without an integration there is no shop to erase: refused, nothing changes.
    const refused = await ingestion.redactShop(account.id, file);
    expect(refused.outcomes).toMatchObject([{ outcome: 'rejected', field: 'integrationId' }]);
    expect(await contents(account.id)).toMatchObject({ orders: expect.arrayContaining([expect.objectContaining({ external_id: '7001', source: 'shopify' })]) });

    await ingestion.redactShop(account.id, shopA);
    const left = await contents(account.id);
    expect(left.orders.map((o) => `${o.source}:${o.external_id}`)).toEqual(['shopify:8001', 'shopify:9001', 'woo-commerce:7001']);
    expect(left.customers.map((c) => c.external_id).sort()).toEqual(['c-8001', 'c-9001', 'woo-c1']);
    expect(left.refunds).toEqual([]);
    expect(await q(`SELECT sku FROM inventory_items WHERE account_id = $1 AND sku LIKE '%-ONLY' ORDER BY sku`, [account.id])).toEqual([{ sku: 'B-ONLY' }]);
    expect(
      await q(`SELECT count(*)::int AS n FROM ingestion_records WHERE account_id = $1 AND integration_id = $2`, [account.id, shopA.integrationId]),
    ).toEqual([{ n: 0 }]);
    expect(
      await q(`SELECT DISTINCT source, integration_id AS "integrationId" FROM ingestion_records WHERE account_id = $1 ORDER BY 1, 2`, [account.id]),
    ).toEqual([
      { source: 'shopify', integrationId: shopB.integrationId },
      { source: 'shopify', integrationId: null },
      { source: 'woo_commerce', integrationId: null },
    ]);
    // The catch-up recomputes the days the erase marked: the day keeps shop B's, the file's and
    // WooCommerce's orders; 7003's day and its refund's day have none of shop A's left.
    await app.services.catchup.catchUp(account.id);
    const after = await profitDays(account.id);
    expect(after.get(day(placed))).toMatchObject({ gross_revenue: 300, purchase_count: 3 });
    expect(after.get(day(daysAgo(3)))).toMatchObject({ gross_revenue: 0, purchase_count: 0, refunds: 0 });
  });

  test('money stays exact, presentment is kept, products, stock and ad spend follow newer-wins', async () => {
    const account = await makeAccount(app.db.prisma);
    await ingestion.upsertOrders(account.id, SHOP, [
      order('8001', daysAgo(1), {
        fees: null,
        presentment: { currency: 'EUR', total: '92.17' },
        transactions: [
          { externalId: 't1', kind: 'sale', status: 'success', amount: '50.00', fee: '0.10', processedAt: daysAgo(1).toISOString() },
          { externalId: 't2', kind: 'sale', status: 'success', amount: '50.00', fee: '0.20', processedAt: daysAgo(1).toISOString() },
          { externalId: 't3', kind: 'sale', status: 'failure', amount: '50.00', fee: '9.99', processedAt: daysAgo(1).toISOString() },
        ],
      }),
    ]);
    expect((await contents(account.id)).orders[0]).toMatchObject({ fees_amount: '0.30', presentment_currency: 'EUR', presentment_total: '92.17' });
    await ingestion.upsertProducts(account.id, SHOP, [{ sku: 'MUG-1', updatedAt: stamp(5), productName: 'Mug, blue', unitCost: '7.15', unitPrice: '30.00' }]);
    await ingestion.upsertProducts(account.id, SHOP, [{ sku: 'MUG-1', updatedAt: stamp(4), productName: 'Mug (old)', unitCost: '1.00' }]);
    const levels = await ingestion.setInventoryLevels(account.id, SHOP, [
      { sku: 'MUG-1', updatedAt: stamp(5), available: 42 },
      { sku: 'NOPE', updatedAt: stamp(5), available: 1 },
    ]);
    expect(levels.outcomes.map((o) => o.outcome)).toEqual(['stored', 'rejected']);
    expect(await q(`SELECT product_name, unit_cost::text, current_stock FROM inventory_items WHERE account_id = $1`, [account.id])).toEqual([
      { product_name: 'Mug, blue', unit_cost: '7.15', current_stock: 42 },
    ]);
    // A line without a cost takes the product's stored cost.
    await ingestion.upsertOrders(account.id, SHOP, [order('8002', daysAgo(1), { lines: [{ sku: 'MUG-1', quantity: 1, unitPrice: '30.00' }] })]);
    expect((await contents(account.id)).lines.find((l) => l.external_id === '8002')).toMatchObject({ unit_cost: '7.15' });
    const spend = { platform: 'meta_ads' as const, campaignId: 'cmp-1', campaignName: 'Spring', date: day(daysAgo(1)), spend: '10.05' };
    await ingestion.upsertAdSpend(account.id, SHOP, [{ ...spend, updatedAt: stamp(2) }]);
    await ingestion.upsertAdSpend(account.id, WOO, [{ ...spend, updatedAt: stamp(1), spend: '99.00' }]);
    expect(await q(`SELECT spend::text FROM ad_spend WHERE account_id = $1`, [account.id])).toEqual([{ spend: '10.05' }]);
  });

  test('the marks reach the onChanged port inside the transaction; a failing port writes nothing', async () => {
    const account = await makeAccount(app.db.prisma);
    const seen: ChangeSet[] = [];
    const marking = ingestionService(app.db.prisma, {
      onChanged: async (tx, accountId, changes) => {
        // Inside the write's transaction: the order is visible here.
        const rows = await tx.$queryRawUnsafe<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM orders WHERE account_id = $1`, accountId);
        expect(rows[0]?.n).toBe(1);
        seen.push(changes);
      },
    });
    const placed = daysAgo(4);
    await marking.upsertOrders(account.id, SHOP, [order('9001', placed)]);
    const customer = await q(`SELECT id FROM customers WHERE account_id = $1`, [account.id]);
    expect(seen).toEqual([{ days: [day(placed)], customerIds: [customer[0].id], skus: ['MUG-1'] }]);

    const failing = ingestionService(app.db.prisma, {
      onChanged: async () => {
        throw new Error('port down');
      },
    });
    await expect(failing.upsertOrders(account.id, SHOP, [order('9002', placed)])).rejects.toThrow('port down');
    expect((await contents(account.id)).orders.map((o) => o.external_id)).toEqual(['9001']);
  });

  test('concurrent order writes of one account share a transaction; each caller gets its own outcomes; a failed one is retried caller by caller', async () => {
    const account = await makeAccount(app.db.prisma);
    const transactions: string[][] = [];
    const combining = ingestionService(app.db.prisma, {
      onChanged: async (_tx, _accountId, changes) => {
        transactions.push(changes.skus);
        if (changes.skus.includes('BAD-PORT')) throw new Error('port down');
      },
    });
    const placed = daysAgo(2);
    // Twenty writes issued at once: the first runs alone, the nineteen that arrive while it runs go in one transaction.
    const records = Array.from({ length: 20 }, (_, i) => order(`c-${i}`, placed));
    records[7] = { ...records[7]!, currency: 'usd dollars' };
    records[10] = order('c-same', placed, { updatedAt: stamp(5), total: '120.00' });
    records[12] = order('c-same', placed, { updatedAt: stamp(1), total: '90.00' });
    const results = await Promise.all(records.map((r) => combining.upsertOrders(account.id, SHOP, [r])));
    expect(transactions).toHaveLength(2);
    results.forEach((result, i) => {
      const expected =
        i === 7
          ? { index: 0, externalId: 'c-7', outcome: 'rejected', field: 'currency', reason: expect.any(String) }
          : i === 12
            ? { index: 0, externalId: 'c-same', outcome: 'skipped', reason: 'older' }
            : { index: 0, externalId: records[i]!.externalId, outcome: 'stored' };
      expect(result.outcomes).toEqual([expected]);
      expect(result.counts).toEqual({ stored: i === 7 || i === 12 ? 0 : 1, skipped: i === 12 ? 1 : 0, rejected: i === 7 ? 1 : 0 });
    });
    const stored = (await contents(account.id)).orders;
    expect(stored).toHaveLength(18);
    expect(stored.find((o) => o.external_id === 'c-same')).toMatchObject({ total_amount: '120.00' });

    // One caller's failure inside a combined transaction: the others are written, it alone fails.
    transactions.length = 0;
    const failing = ['f-0', 'f-1', 'f-2', 'f-3'].map((id) =>
      order(id, placed, id === 'f-2' ? { lines: [{ sku: 'BAD-PORT', quantity: 1, unitPrice: '90.00', unitCost: '1.00' }] } : {}),
    );
    const settled = await Promise.allSettled(failing.map((r) => combining.upsertOrders(account.id, SHOP, [r])));
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toEqual(new Error('port down'));
    // f-0 alone, then f-1..f-3 together (failed), then each of them alone.
    expect(transactions).toHaveLength(5);
    const names = (await contents(account.id)).orders.map((o) => o.external_id);
    expect(names.filter((n) => n.startsWith('f-'))).toEqual(['f-0', 'f-1', 'f-3']);
  });

  test('records that fail mid-way: the batches before are stored, and nothing is written after the call ends', async () => {
    const account = await makeAccount(app.db.prisma);
    const records = async function* () {
      yield order('F-1', daysAgo(2));
      yield order('F-2', daysAgo(1));
      throw new Error('the file broke');
    };
    await expect(ingestion.bulkUpsertOrders(account.id, SHOP, records(), { batchSize: 2 })).rejects.toThrow('the file broke');
    expect((await contents(account.id)).orders.map((o) => o.external_id)).toEqual(['F-1', 'F-2']);
  });

  test('text reaches the database as sent: quotes, backslashes, braces, commas, NULL, control characters, emoji', async () => {
    const account = await makeAccount(app.db.prisma);
    // The batch's columns travel as array literals (src/domain/ingestion/sql.ts): each of these is
    // a case of that syntax or of JSON's, including a batch where no text needs an escape.
    const texts = ['plain', 'say "hi"', 'back\\slash', '{braces}', 'a,b', 'NULL', 'line\nbreak\ttab', 'bell\u0007', '  spaced  x', 'emoji 🛒 ü'];
    const records = texts.map((text, i) =>
      order(`T ${text}`, daysAgo(1 + i), {
        customer: { externalId: `c ${text}`, email: '', name: `${text} name`, country: '' },
        lines: [{ sku: `SKU ${text}`, quantity: 1, unitPrice: '30.00', productName: `${text} product` }],
      }),
    );
    expect((await ingestion.bulkUpsertOrders(account.id, SHOP, records.slice(0, 1))).counts.stored).toBe(1);
    expect((await ingestion.bulkUpsertOrders(account.id, SHOP, records.slice(1))).counts.stored).toBe(texts.length - 1);
    const stored = await q(
      `SELECT o.external_id, c.external_id AS customer, c.name, oi.sku, i.product_name FROM orders o JOIN customers c ON c.id = o.customer_id
       JOIN order_items oi ON oi.order_id = o.id JOIN inventory_items i ON i.id = oi.inventory_item_id WHERE o.account_id = $1 ORDER BY o.placed_at DESC`,
      [account.id],
    );
    // Names are trimmed by the rules (text()); nothing else changes.
    expect(stored).toEqual(
      texts.map((text) => ({
        external_id: `T ${text}`.trim(),
        customer: `c ${text}`.trim(),
        name: `${text} name`.trim(),
        sku: `SKU ${text}`.trim(),
        product_name: `${text} product`.trim(),
      })),
    );
    expect((await ingestion.bulkUpsertOrders(account.id, SHOP, records)).counts).toEqual({ stored: 0, skipped: texts.length, rejected: 0 });
  });

  // Across sources, one cancelled. Oldest first, each batch only adds orders after its customers'
  // stored ones (the INSERT's own values stand); newest first, each batch places orders before
  // stored ones, whose values the rebuild must correct.
  test.each([
    ['oldest first', [9, 7, 5, 3, 1, 8, 6, 4, 2]],
    ['newest first', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
  ])('the bulk form stores what the one-by-one path stores, previous-order columns included (%s)', async (_order, days) => {
    const bulk = await makeAccount(app.db.prisma);
    const single = await makeAccount(app.db.prisma);
    const records = days.map((n) =>
      order(`B-${n}`, daysAgo(n), {
        source: n % 3 === 0 ? 'woo_commerce' : 'shopify',
        customer: { externalId: n % 2 === 0 ? 'even' : 'odd' },
        cancelledAt: n === 5 ? daysAgo(4).toISOString() : null,
      }),
    );
    let reported = 0;
    const result = await ingestion.bulkUpsertOrders(bulk.id, SHOP, records, { batchSize: 4, progress: (c) => (reported = c.stored) });
    expect(result.counts).toEqual({ stored: 9, skipped: 0, rejected: 0 });
    expect(result.outcomes).toEqual([]);
    expect(reported).toBe(9);
    for (const record of records) await ingestion.upsertOrders(single.id, SHOP, [record]);
    const previous = (accountId: string) =>
      q(
        `SELECT o.external_id, o.status::text, o.customer_previous_at, o.customer_source_previous_at FROM orders o WHERE o.account_id = $1 ORDER BY o.external_id`,
        [accountId],
      );
    const expected = await previous(single.id);
    expect(await previous(bulk.id)).toEqual(expected);
    // The trigger-kept values, by definition: the customer's previous counted order.
    expect(expected.find((o) => o.external_id === 'B-6')).toMatchObject({ customer_previous_at: daysAgo(8), customer_source_previous_at: null });
    expect(expected.find((o) => o.external_id === 'B-3')).toMatchObject({ customer_previous_at: daysAgo(7) });
    expect(expected.find((o) => o.external_id === 'B-5')).toMatchObject({ status: 'cancelled', customer_previous_at: null });
    expect((await contents(bulk.id)).orders).toEqual((await contents(single.id)).orders);
    // Again: nothing changes.
    expect((await ingestion.bulkUpsertOrders(bulk.id, SHOP, records)).counts).toEqual({ stored: 0, skipped: 9, rejected: 0 });
  });

  test('a page of orders and the same orders one call each keep the previous-order columns the triggers kept (places taken, left, moved, removed)', async () => {
    const many = await makeAccount(app.db.prisma);
    const single = await makeAccount(app.db.prisma);
    // Two customers, three sources' worth of orders out of time order, ties at one instant, one cancelled.
    const first = Array.from({ length: 24 }, (_, i) =>
      order(`P-${i}`, daysAgo(30 - ((i * 7) % 23)), {
        source: i % 3 === 0 ? 'woo_commerce' : 'shopify',
        customer: { externalId: i % 2 === 0 ? 'even' : 'odd' },
        cancelledAt: i === 4 ? daysAgo(3).toISOString() : null,
      }),
    );
    // A newer version of a page: some cancelled, one restored, one moved in time, one to the other customer, one now a test order (removed).
    const second = first.slice(0, 14).map((record, i) => ({
      ...record,
      updatedAt: stamp(2),
      placedAt: i === 1 ? daysAgo(40).toISOString() : record.placedAt,
      customer: i === 2 ? { externalId: 'odd' } : record.customer,
      cancelledAt: i === 4 ? null : i % 5 === 3 ? daysAgo(2).toISOString() : record.cancelledAt,
      test: i === 5,
    }));
    for (const page of [first, second]) {
      expect((await ingestion.upsertOrders(many.id, SHOP, page)).counts.stored).toBe(page.length);
      for (const record of page) expect((await ingestion.upsertOrders(single.id, SHOP, [record])).counts.stored).toBe(1);
      const previous = (accountId: string) =>
        q(
          `SELECT o.external_id, o.status::text, o.customer_previous_at, o.customer_source_previous_at FROM orders o WHERE o.account_id = $1 ORDER BY o.external_id`,
          [accountId],
        );
      expect(await previous(many.id)).toEqual(await previous(single.id));
      // And by definition: the customer's previous counted order (placed_at, then id), over all sources and over the order's own.
      const wrong = await q(
        `SELECT x.external_id FROM (
           SELECT o.external_id, o.customer_previous_at, o.customer_source_previous_at, o.status = 'cancelled' AS uncounted,
                  lag(o.placed_at) OVER (PARTITION BY o.customer_id, o.status = 'cancelled' ORDER BY o.placed_at, o.id) AS any_source,
                  lag(o.placed_at) OVER (PARTITION BY o.customer_id, o.status = 'cancelled', o.source ORDER BY o.placed_at, o.id) AS same_source
           FROM orders o WHERE o.account_id = $1) x
         WHERE (x.customer_previous_at, x.customer_source_previous_at)
               IS DISTINCT FROM (CASE WHEN x.uncounted THEN NULL ELSE x.any_source END, CASE WHEN x.uncounted THEN NULL ELSE x.same_source END)`,
        [many.id],
      );
      expect(wrong).toEqual([]);
    }
    expect((await contents(many.id)).orders).toEqual((await contents(single.id)).orders);
    // The customers' metrics are due again, as the triggers mark them.
    const pending = (accountId: string) => q(`SELECT count(*)::int AS n FROM customer_metrics_pending WHERE account_id = $1`, [accountId]);
    expect(await pending(many.id)).toEqual(await pending(single.id));
    // A new total moves no order in its chains; its customer's metrics are still due again.
    await q(`DELETE FROM customer_metrics_pending WHERE account_id = $1`, [many.id]);
    expect((await ingestion.upsertOrders(many.id, SHOP, [{ ...first[20]!, updatedAt: stamp(3), total: '120.00' }])).counts.stored).toBe(1);
    expect(await pending(many.id)).toEqual([{ n: 1 }]);
  });
});

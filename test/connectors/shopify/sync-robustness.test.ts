// The Shopify sync where a long run meets Shopify's limits, over real HTTP against the simulator:
// an access token that expires mid-run (its hour passes during a long backfill) is obtained again
// from the token source and the run completes, the integration kept; a token source whose new
// token is refused too revokes the integration as before, after one retry. Bulk results whose
// children come after their parent but not directly after (children of record N after record
// N + 1, variants' inventory levels after all the variants) are joined by id: every order is
// stored with exactly its own lines, every SKU with its own stock, also when the download is
// interrupted and resumed; an order whose lines come further from it than the open window is read
// again whole through the Admin API (never stored without a line); a product's variants that far
// fail the stream visibly instead of joining another record.
import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { adminClient, BACKFILL_ORDER, type ShopifyTokenSource } from '../../../src/connectors/shopify/index.ts';
import { BACKFILL_STREAMS } from '../../../src/connectors/shopify/backfill.ts';
import { API_VERSION, afterOrderBatches, expectedTotals, money, syncSuite, type ShopFixture } from './sync-helpers.ts';

jest.setTimeout(600_000);

describeEachDatabase('shopify sync robustness', (target) => {
  const suite = syncSuite(target);
  const { q } = suite;

  const statusOf = async (accountId: string) => (await suite.app.services.integrations.listIntegrations(accountId)).items[0]!;

  /**
   * A token source as the sealed token store behaves: the stored token while the shop accepts it,
   * else a refreshed one (`refreshTo` says what the refresh gives; the shop learns it when `live`).
   */
  function tokenSource(shop: ShopFixture, refresh: { live: boolean }) {
    let current = shop.token;
    const asked = { calls: 0 };
    const access: ShopifyTokenSource = async () => {
      asked.calls++;
      if (!suite.sim.accepts(shop.shop, current)) {
        current = `shpat_${randomBytes(8).toString('hex')}`;
        if (refresh.live) suite.sim.tokens.set(shop.shop, current);
      }
      return { shop: shop.shop, accessToken: current };
    };
    return { access, asked };
  }

  test('a token that expires mid-run is obtained again and the run completes; the integration stays connected', async () => {
    const shop = await suite.connect({ orders: 40, days: 60, seed: 31 });
    const { access, asked } = tokenSource(shop, { live: true });
    // The token authorizes a few requests (webhook registration, the first bulk operation), then is refused.
    suite.sim.expireAfter(shop.shop, 6);
    const sync = suite.sync({ access });
    expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ integrations: 1, revoked: 0, waiting: 0 });
    // Asked at the start and once more after the 401.
    expect(asked.calls).toBe(2);
    expect(await statusOf(shop.accountId)).toMatchObject({ status: 'connected' });
    const [{ orders }] = await q(`SELECT count(*)::int AS orders FROM orders WHERE account_id = $1 AND source = 'shopify'`, [shop.accountId]);
    expect(orders).toBe(expectedTotals(shop.store).orders);
    expect((await sync.syncStatus(shop.accountId, shop.integrationId)).phase).toBe('synced');
  });

  test('a bulk operation started by a run that stopped before recording it is adopted, not waited for', async () => {
    const shop = await suite.connect({ orders: 12, days: 30, seed: 35 });
    // The run that started it died before saving its id: the shop's operation runs, unknown to us.
    const orphan = await adminClient({ apiVersion: API_VERSION, baseUrl: suite.sim.baseUrl }, shop.shop, `shpat_${shop.shop}`).query<{
      bulkOperationRunQuery: { bulkOperation: { id: string } };
    }>(`mutation Run($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { id } userErrors { message } } }`, {
      query: BACKFILL_STREAMS[BACKFILL_ORDER[0]]!.query,
    });
    const sync = suite.sync();
    expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ waiting: 0 });
    const status = await sync.syncStatus(shop.accountId, shop.integrationId);
    expect(status.phase).toBe('synced');
    // One operation per stream: the first one was the orphan.
    expect(suite.sim.sim.bulkOps.get(shop.shop)!.map((op) => op.id)[0]).toBe(orphan.bulkOperationRunQuery.bulkOperation.id);
    expect(suite.sim.sim.bulkOps.get(shop.shop)!.length).toBe(BACKFILL_ORDER.length);
  });

  test('a token source whose new token is refused too revokes the integration (token_expired), after a single retry', async () => {
    const shop = await suite.connect({ orders: 10, days: 30, seed: 33 });
    const { access, asked } = tokenSource(shop, { live: false });
    suite.sim.expireAfter(shop.shop, 6);
    const sync = suite.sync({ access });
    expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ revoked: 1 });
    expect(asked.calls).toBe(2);
    expect(await statusOf(shop.accountId)).toMatchObject({ status: 'revoked' });
    const events = (await suite.app.services.events.listForAccount(shop.accountId)).filter((e) => e.name === 'integration.revoked').map((e) => e.data);
    expect(events).toEqual([{ provider: 'shopify', store_id: shop.integrationId, reason: 'token_expired' }]);
  });

  /** Each stored order's lines (quantity x unit price, sorted) by external id. */
  async function storedLines(accountId: string) {
    const rows = await q(
      `SELECT o.external_id AS id, coalesce(array_agg(i.quantity || 'x' || i.unit_price::text ORDER BY i.quantity, i.unit_price) FILTER (WHERE i.id IS NOT NULL), '{}') AS lines
       FROM orders o LEFT JOIN order_items i ON i.order_id = o.id WHERE o.account_id = $1 AND o.source = 'shopify' GROUP BY o.external_id`,
      [accountId],
    );
    return new Map(rows.map((r) => [r.id as string, [...(r.lines as string[])].sort()]));
  }
  /** The simulator's counted orders' lines, in the same form. */
  const simLines = (shop: ShopFixture) =>
    new Map(shop.store.orders.filter((o) => !o.test).map((o) => [String(o.id), o.lines.map((l) => `${l.quantity}x${money(l.unitPrice.shop)}`).sort()]));
  const stock = async (accountId: string) =>
    (await q(`SELECT coalesce(sum(current_stock), 0)::int AS stock, count(*)::int AS skus FROM inventory_items WHERE account_id = $1`, [accountId]))[0];

  test.each([1, 3])(
    'bulk results with children %i records after their parent: every order stored with exactly its own lines, every SKU its stock',
    async (lag) => {
      const shop = await suite.connect({ orders: 90, days: 60, seed: 40 + lag });
      shop.store.bulkChildLag = lag;
      const sync = suite.sync({ batchSize: 10 });
      expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ revoked: 0, waiting: 0 });
      // The simulator did interleave: some child line comes after a later top-level line.
      const jsonl = suite.sim.sim.bulkOps
        .get(shop.shop)!
        .at(-1)!
        .jsonl!.trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; __parentId?: string });
      const firstChild = jsonl.findIndex((l) => l.__parentId);
      expect(jsonl[firstChild - 1]!.id).not.toBe(jsonl[firstChild]!.__parentId);
      expect(await storedLines(shop.accountId)).toEqual(simLines(shop));
      const want = expectedTotals(shop.store);
      expect(await stock(shop.accountId)).toEqual({ stock: want.stock, skus: want.skus });
      expect((await sync.syncStatus(shop.accountId, shop.integrationId)).lastError).toBeNull();
    },
  );

  /** A sync run (batches of `batchSize`) whose worker stops after its third orders batch. */
  async function runDyingAfterThreeBatches(accountId: string, batchSize: number): Promise<void> {
    const abort = new AbortController();
    const dying = suite.sync({ batchSize, ingestion: afterOrderBatches(suite.app.services.ingestion, 3, () => abort.abort(new Error('worker stopped'))) });
    await expect(dying.runAccount(accountId, new Date(), abort.signal)).rejects.toThrow();
  }

  /** The resumed run completes with one operation per stream: every order with exactly its lines, each once in the ledger. */
  async function expectResumedWhole(shop: Awaited<ReturnType<typeof suite.connect>>, sync: ReturnType<typeof suite.sync>): Promise<void> {
    expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ revoked: 0, waiting: 0 });
    expect(suite.sim.sim.bulkOps.get(shop.shop)!.length).toBe(3);
    expect(await storedLines(shop.accountId)).toEqual(simLines(shop));
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM ingestion_records WHERE account_id = $1 AND kind = 'order'`, [shop.accountId]);
    expect(n).toBe(shop.store.orders.length);
    expect((await sync.syncStatus(shop.accountId, shop.integrationId)).lastError).toBeNull();
  }

  test('an interleaved download interrupted mid-way resumes: every order with exactly its own lines, nothing counted twice', async () => {
    const shop = await suite.connect({ orders: 90, days: 60, seed: 45 });
    shop.store.bulkChildLag = 2;
    await runDyingAfterThreeBatches(shop.accountId, 10);
    const sync = suite.sync({ batchSize: 10 });
    const midway = (await sync.syncStatus(shop.accountId, shop.integrationId)).streams.find((s) => s.stream === 'backfill:orders');
    expect(midway).toMatchObject({ phase: 'downloading', recordsDone: 30 });
    await expectResumedWhole(shop, sync);
  });

  test('a download interrupted at one batch size resumes at a larger one (the default went from 500 to 2,000): every order with exactly its lines, nothing counted twice', async () => {
    const shop = await suite.connect({ orders: 90, days: 60, seed: 46 });
    shop.store.bulkChildLag = 3;
    await runDyingAfterThreeBatches(shop.accountId, 5);
    const sync = suite.sync({ batchSize: 20 });
    expect((await sync.syncStatus(shop.accountId, shop.integrationId)).streams.find((s) => s.stream === 'backfill:orders')).toMatchObject({
      phase: 'downloading',
      recordsDone: 15,
    });
    await expectResumedWhole(shop, sync);
  });

  test('order lines written further from their order than the open window: each such order is read again whole, none is stored without a line', async () => {
    const shop = await suite.connect({ orders: 40, days: 60, seed: 47 });
    // The window is the batch size (5): children 12 records after their parent are beyond it.
    shop.store.bulkChildLag = 12;
    const sync = suite.sync({ batchSize: 5 });
    expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ revoked: 0, waiting: 0 });
    // Before, the orders written before their late lines were read stayed stored without them.
    expect(await storedLines(shop.accountId)).toEqual(simLines(shop));
    const status = await sync.syncStatus(shop.accountId, shop.integrationId);
    expect(status).toMatchObject({ phase: 'synced', lastError: null });
    // One operation per stream: nothing was run again; and each result downloaded once (the orders'
    // scanned for late lines as it was spooled to a file, then joined from the file).
    expect(suite.sim.sim.bulkOps.get(shop.shop)!.map((op) => op.downloads)).toEqual([1, 1, 1]);
  });

  test('order lines beyond the window, the download interrupted mid-way: the resumed run reads the late orders again too, nothing counted twice', async () => {
    const shop = await suite.connect({ orders: 40, days: 60, seed: 49 });
    shop.store.bulkChildLag = 12;
    await runDyingAfterThreeBatches(shop.accountId, 5);
    const sync = suite.sync({ batchSize: 5 });
    await expectResumedWhole(shop, sync);
  });

  test("a product's variants further from it than the open window fail the stream visibly instead of joining another product", async () => {
    // Products have no read-again path: 20 products with their variants 12 products later, batches of 5.
    const shop = await suite.connect({ orders: 10, days: 60, seed: 48, products: 20 });
    shop.store.bulkChildLag = 12;
    const sync = suite.sync({ batchSize: 5 });
    await expect(sync.runAccount(shop.accountId, new Date())).rejects.toThrow(/not among the last 5 records read/);
    const status = await sync.syncStatus(shop.accountId, shop.integrationId);
    expect(status.phase).toBe('failed');
    expect(status.lastError).toMatch(
      /bulk result line \d+: gid:\/\/shopify\/\w+\/\d+ names its parent gid:\/\/shopify\/\w+\/\d+, which is not among the last 5 records read/,
    );
    // The stream runs its operation again next time (Shopify may order the new result differently).
    expect(status.streams.find((s) => s.lastError)).toMatchObject({ stream: 'backfill:products', phase: 'failed', operationId: null });
  });

  test('a re-sync while a run reads the orders: the run writes nothing of its stale progress back, and the next run reads everything again', async () => {
    const shop = await suite.connect({ orders: 30, days: 60, seed: 37 });
    let resynced = false;
    const real = suite.app.services.ingestion;
    // The person presses Resync while the run writes its first batch of orders.
    const ingestion: typeof real = {
      ...real,
      bulkUpsertOrders: async (...args: Parameters<typeof real.bulkUpsertOrders>) => {
        if (!resynced) {
          resynced = true;
          await sync.resync(shop.accountId, shop.integrationId);
        }
        return real.bulkUpsertOrders(...args);
      },
    };
    const sync = suite.sync({ ingestion });
    await sync.runAccount(shop.accountId, new Date());
    expect(resynced).toBe(true);
    // Nothing of the interrupted backfill claims to be done.
    const streams = (await sync.syncStatus(shop.accountId, shop.integrationId)).streams.filter((s) => s.stream.startsWith('backfill:'));
    expect(streams.filter((s) => s.phase === 'completed')).toEqual([]);
    const before = suite.sim.sim.bulkOps.get(shop.shop)!.length;
    await sync.runAccount(shop.accountId, new Date());
    // The next run runs every stream's operation again and counts nothing twice.
    expect(suite.sim.sim.bulkOps.get(shop.shop)!.length - before).toBe(3);
    expect((await sync.syncStatus(shop.accountId, shop.integrationId)).phase).toBe('synced');
    const [{ orders }] = await q(`SELECT count(*)::int AS orders FROM orders WHERE account_id = $1`, [shop.accountId]);
    expect(orders).toBe(expectedTotals(shop.store).orders);
  });
});

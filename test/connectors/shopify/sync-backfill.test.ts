// The Shopify backfill end to end over real HTTP: the shopify-sync job (through the job queue)
// runs bulk operations on the simulator (queries validated against Shopify's schema, one operation
// per shop at a time), streams their JSONL into the ingestion commands, and the stored orders,
// refunds, customers and products equal the simulator's own data to the cent (test orders never
// counted, presentment currency kept); the account's profit report agrees. A backfill interrupted
// mid-download resumes after its last stored batch and counts nothing twice. Progress is readable.
import { jest } from '@jest/globals';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { gql } from '../../graphql/helpers.ts';
import { makeKey } from '../../factories/keys.ts';
import { jobRunner } from '../../../src/jobs/runner.ts';
import { shopifySyncJob } from '../../../src/jobs/shopify-sync.job.ts';
import { afterOrderBatches, expectedTotals, syncSuite } from './sync-helpers.ts';

jest.setTimeout(600_000);

describeEachDatabase('shopify backfill', (target) => {
  const suite = syncSuite(target);
  const { q } = suite;

  async function stored(accountId: string) {
    const [o] = await q(
      `SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled, coalesce(sum(total_amount), 0)::text AS total,
              coalesce(sum(refunded_amount), 0)::text AS refunded, count(presentment_currency) FILTER (WHERE presentment_currency <> 'USD')::int AS presentment
       FROM orders WHERE account_id = $1 AND source = 'shopify'`,
      [accountId],
    );
    const [r] = await q(`SELECT count(*)::int AS refunds FROM refunds WHERE account_id = $1`, [accountId]);
    const [l] = await q(`SELECT count(*)::int AS lines FROM order_items WHERE account_id = $1`, [accountId]);
    const [c] = await q(`SELECT count(*)::int AS customers FROM customers WHERE account_id = $1`, [accountId]);
    const [p] = await q(
      `SELECT count(*) FILTER (WHERE unit_cost > 0)::int AS skus, coalesce(sum(unit_cost), 0)::text AS cost, coalesce(sum(current_stock), 0)::int AS stock
       FROM inventory_items WHERE account_id = $1`,
      [accountId],
    );
    return { ...o, ...r, ...l, ...c, ...p };
  }

  test('the shopify-sync job backfills a generated shop: every stored figure equals the simulator data; progress reaches 100%', async () => {
    const shop = await suite.connect({ orders: 300, days: 200 });
    const sync = suite.sync();
    const services = { ...suite.app.services, shopify: sync };
    const runner = jobRunner({ prisma: suite.app.db.prisma, services, jobs: [shopifySyncJob], demand: false, retryDelayMs: () => 0 });
    try {
      const [summary] = await runner.run('shopify-sync', shop.accountId);
      expect(summary!.error).toBeUndefined();
      expect(summary).toMatchObject({ status: 'succeeded' });
    } finally {
      await runner.stop();
    }
    const want = expectedTotals(shop.store);
    expect(await stored(shop.accountId)).toEqual(want);
    // The three bulk operations ran one after the other, each validated and completed.
    expect(suite.sim.sim.bulkOps.get(shop.shop)!.map((op) => op.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    const status = await sync.syncStatus(shop.accountId, shop.integrationId);
    expect(status).toMatchObject({ phase: 'synced', progress: { percent: 100, etaSeconds: 0 }, lastError: null });
    expect(status.progress.records).toBe(shop.store.orders.length + shop.store.customers.length + new Set(shop.store.variants.map((v) => v.productId)).size);
    const [integration] = (await suite.app.services.integrations.listIntegrations(shop.accountId)).items;
    expect(integration).toMatchObject({ status: 'connected' });
    expect(integration!.lastSyncAt).not.toBeNull();

    // The account's profit report over the whole history agrees with the simulator's counted orders.
    await suite.app.services.catchup.catchUp(shop.accountId);
    const key = await makeKey(suite.app.db.prisma, shop.accountId);
    // Progress is readable through GraphQL (Integration.syncStatus) once the connector is configured.
    suite.app.services.shopify = sync;
    const listed = await gql(suite.app, key, `{ integrations { nodes { provider syncStatus { phase progress { records percent etaSeconds } lastError } } } }`);
    expect(listed.body.data.integrations.nodes).toEqual([
      { provider: 'shopify', syncStatus: { phase: 'SYNCED', progress: { records: status.progress.records, percent: 100, etaSeconds: 0 }, lastError: null } },
    ]);
    suite.app.services.shopify = null;
    const from = new Date(Date.now() - 210 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const answer = await gql(
      suite.app,
      key,
      `query($from: Date!, $to: Date!) { profitReport(range: { from: $from, to: $to }, interval: MONTH) { totals { refunds { amount } purchaseCount } } }`,
      { from, to },
    );
    const totals = answer.body.data.profitReport.totals;
    expect(totals.purchaseCount).toBe(want.orders - want.cancelled);
    expect(totals.refunds.amount).toBe(want.refunded);

    // A second run changes nothing (the backfill is complete; reconciliation re-reads and skips).
    await sync.runAccount(shop.accountId, new Date());
    expect(await stored(shop.accountId)).toEqual(want);
  });

  test('an interrupted backfill resumes after its last stored batch, counting nothing twice', async () => {
    const shop = await suite.connect({ orders: 240, days: 120, seed: 11 });
    const abort = new AbortController();
    const sync = suite.sync({ batchSize: 40 });
    // Abort after the second orders batch is stored: the run dies mid-download, as a crashed worker would.
    const counting = suite.sync({
      batchSize: 40,
      ingestion: afterOrderBatches(suite.app.services.ingestion, 2, () => abort.abort(new Error('worker stopped'))),
    });
    await expect(counting.runAccount(shop.accountId, new Date(), abort.signal)).rejects.toThrow();
    const midway = await sync.syncStatus(shop.accountId, shop.integrationId);
    expect(midway.phase).toBe('backfill');
    expect(midway.progress.percent).toBeGreaterThan(66);
    expect(midway.progress.percent).toBeLessThan(100);
    const [ordersStream] = midway.streams.filter((s) => s.stream === 'backfill:orders');
    expect(ordersStream).toMatchObject({ phase: 'downloading', recordsDone: 80 });
    const [{ n: before }] = await q(`SELECT count(*)::int AS n FROM ingestion_records WHERE account_id = $1 AND kind = 'order'`, [shop.accountId]);
    expect(before).toBe(80);

    // The next run continues the same operation's file from line after the stored batches.
    await sync.runAccount(shop.accountId, new Date());
    expect(suite.sim.sim.bulkOps.get(shop.shop)!.length).toBe(3);
    expect(await stored(shop.accountId)).toEqual(expectedTotals(shop.store));
    expect((await sync.syncStatus(shop.accountId, shop.integrationId)).progress.records).toBe(
      shop.store.orders.length + shop.store.customers.length + new Set(shop.store.variants.map((v) => v.productId)).size,
    );
  });
});

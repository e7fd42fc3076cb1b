// Reconciliation after the backfill, over real HTTP against the simulator: an order changed
// upstream, a cancellation and a refund 200 days late are picked up by the incremental run (the
// cursor minus an overlap); a change the incremental window missed is picked up by the daily
// 60-day run; a stale (older) upstream copy changes nothing; repeating a run changes nothing. A
// sync that completes moves a stale integration back to connected; a 401 from the Admin API
// revokes the integration (reason token_expired, integration.revoked). afterConnected registers
// the webhooks idempotently and queues the sync; bulk_operations/finish for the integration's own
// operation queues it too.
import { jest } from '@jest/globals';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { addRefund, orderTotals } from '../../simulators/shopify/store.ts';
import { afterConnected, onBulkOperationFinished, WEBHOOK_TOPICS } from '../../../src/connectors/shopify/index.ts';
import { afterOrderBatches, expectedTotals, money, syncSuite } from './sync-helpers.ts';

jest.setTimeout(600_000);

const DAY_MS = 86_400_000;

describeEachDatabase('shopify reconciliation', (target) => {
  const suite = syncSuite(target);
  const { q, shops } = suite;
  const orderRow = async (accountId: string, externalId: number) =>
    (
      await q(`SELECT status::text, total_amount::text AS total, refunded_amount::text AS refunded FROM orders WHERE account_id = $1 AND external_id = $2`, [
        accountId,
        String(externalId),
      ])
    )[0];

  test('late changes upstream: the incremental run takes updates, cancellations and a refund 200 days late; the daily window what it missed; stale copies change nothing', async () => {
    const shop = await suite.connect({ orders: 60, days: 300, seed: 21 });
    const sync = suite.sync();
    const t0 = new Date();
    await sync.runAccount(shop.accountId, t0);
    expect((await sync.syncStatus(shop.accountId, shop.integrationId)).phase).toBe('synced');
    const counted = shop.store.orders.filter((o) => !o.test && !o.cancelledAt && o.refunds.length === 0);
    const old = counted.find((o) => t0.getTime() - o.processedAt.getTime() > 200 * DAY_MS)!;
    const toCancel = counted.find((o) => o !== old)!;
    const missed = counted.find((o) => o !== old && o !== toCancel && t0.getTime() - o.processedAt.getTime() < 50 * DAY_MS)!;

    // Upstream: a refund of 12.34 on a 200-day-old order, a cancellation, both stamped now.
    const now = new Date(Date.now() + 60_000);
    addRefund(shop.store, old, 1234, now);
    toCancel.cancelledAt = now;
    toCancel.updatedAt = now;
    // A change stamped three days ago that no webhook told about: before the incremental window.
    missed.tax = { shop: missed.tax.shop + 100, presentment: missed.tax.presentment + 100 };
    missed.updatedAt = new Date(t0.getTime() - 3 * DAY_MS);

    await sync.runAccount(shop.accountId, new Date(now.getTime() + 1_000));
    expect(await orderRow(shop.accountId, old.id)).toEqual({ status: 'partially_refunded', total: money(orderTotals(old).total), refunded: '12.34' });
    expect((await orderRow(shop.accountId, toCancel.id))!.status).toBe('cancelled');
    // The daily run already ran at the backfill: the missed change is not in yet.
    expect((await orderRow(shop.accountId, missed.id))!.total).toBe(money(orderTotals(missed).total - 100));
    const cursor = (await sync.syncStatus(shop.accountId, shop.integrationId)).streams.find((s) => s.stream === 'orders')!.cursor!;
    expect(cursor.toISOString()).toBe(now.toISOString());

    // A day later the 60-day run reads it.
    await sync.runAccount(shop.accountId, new Date(now.getTime() + DAY_MS + 1_000));
    expect((await orderRow(shop.accountId, missed.id))!.total).toBe(money(orderTotals(missed).total));

    // A stale upstream copy (older stamp, other content) and repeated runs change nothing.
    const before = await q(`SELECT external_id, status::text, total_amount::text, refunded_amount::text FROM orders WHERE account_id = $1 ORDER BY 1`, [
      shop.accountId,
    ]);
    // Within the 60-day window, so the daily run reads the stale copy.
    const stale = counted.find((o) => o !== old && o !== toCancel && o !== missed && t0.getTime() - o.updatedAt.getTime() < 50 * DAY_MS)!;
    stale.shipping = { shop: stale.shipping.shop + 999, presentment: stale.shipping.presentment + 999 };
    stale.updatedAt = new Date(stale.updatedAt.getTime() - DAY_MS);
    await sync.runAccount(shop.accountId, new Date(now.getTime() + 2 * DAY_MS + 2_000));
    await sync.runAccount(shop.accountId, new Date(now.getTime() + 2 * DAY_MS + 3_000));
    expect(
      await q(`SELECT external_id, status::text, total_amount::text, refunded_amount::text FROM orders WHERE account_id = $1 ORDER BY 1`, [shop.accountId]),
    ).toEqual(before);
    stale.shipping = { shop: stale.shipping.shop - 999, presentment: stale.shipping.presentment - 999 };
    expect(await q(`SELECT count(*)::int AS n FROM refunds WHERE account_id = $1`, [shop.accountId])).toEqual([{ n: expectedTotals(shop.store).refunds }]);
  });

  test('an order of 45 lines changed upstream is reconciled whole (its lines read page by page), each query under the 1,000-point cap', async () => {
    const shop = await suite.connect({ orders: 20, days: 30, seed: 31 });
    const sync = suite.sync();
    await sync.runAccount(shop.accountId, new Date());
    const order = shop.store.orders.find((o) => !o.test && !o.cancelledAt && o.refunds.length === 0)!;
    // Upstream the order is edited to 45 lines (no webhook: only the reconciliation sees it).
    const variants = shop.store.variants;
    order.lines = Array.from({ length: 45 }, (_, i) => {
      const v = variants[i % variants.length]!;
      return {
        id: shop.store.nextId++,
        sku: v.sku,
        name: `${v.productTitle} - ${v.title}`,
        quantity: 1 + (i % 3),
        unitPrice: { shop: v.price, presentment: v.price },
      };
    });
    order.presentmentCurrency = 'USD';
    order.updatedAt = new Date(Date.now() + 60_000);
    suite.sim.sim.stats.maxRequested = 0;

    await sync.runAccount(shop.accountId, new Date(order.updatedAt.getTime() + 1_000));
    const [items] = await q(
      `SELECT count(*)::int AS n, sum(i.quantity)::int AS units FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.account_id = $1 AND o.external_id = $2`,
      [shop.accountId, String(order.id)],
    );
    expect(items).toEqual({ n: 45, units: order.lines.reduce((s, l) => s + l.quantity, 0) });
    expect((await orderRow(shop.accountId, order.id))!.total).toBe(money(orderTotals(order).total));
    expect(suite.sim.sim.stats.maxRequested).toBeGreaterThan(0);
    expect(suite.sim.sim.stats.maxRequested).toBeLessThanOrEqual(1000);
    expect((await sync.syncStatus(shop.accountId, shop.integrationId)).lastError).toBeNull();
  });

  test('a completed sync turns a stale integration connected; a 401 revokes it with integration.revoked (token_expired)', async () => {
    const shop = await suite.connect({ orders: 10, days: 30, seed: 5 });
    const sync = suite.sync();
    const longAgo = new Date(Date.now() - 3 * DAY_MS);
    await suite.app.services.integrations.recordSync(shop.accountId, shop.integrationId, longAgo);
    await suite.app.services.integrations.checkStaleness(shop.accountId);
    const statusOf = async () => (await suite.app.services.integrations.listIntegrations(shop.accountId)).items[0]!;
    expect((await statusOf()).status).toBe('stale');
    await sync.runAccount(shop.accountId, new Date());
    expect((await statusOf()).status).toBe('connected');

    suite.sim.tokens.delete(shop.shop); // the merchant uninstalled the app: the token answers 401
    expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ revoked: 1 });
    expect(await statusOf()).toMatchObject({ status: 'revoked' });
    // Its tokens are forgotten with the revoke (they lingered before).
    expect(await suite.app.db.prisma.integrationCredential.count({ where: { integrationId: shop.integrationId } })).toBe(0);
    const events = (await suite.app.services.events.listForAccount(shop.accountId)).filter((e) => e.name === 'integration.revoked').map((e) => e.data);
    expect(events).toEqual([{ provider: 'shopify', store_id: shop.integrationId, reason: 'token_expired' }]);
    // A revoked integration is no longer synced.
    expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ integrations: 0 });
  });

  test('an operation whose result expired before the download finished is run again; nothing is counted twice', async () => {
    const shop = await suite.connect({ orders: 30, days: 40, seed: 13 });
    const abort = new AbortController();
    const dying = suite.sync({ batchSize: 10, ingestion: afterOrderBatches(suite.app.services.ingestion, 1, () => abort.abort(new Error('worker stopped'))) });
    await expect(dying.runAccount(shop.accountId, new Date(), abort.signal)).rejects.toThrow();
    suite.sim.sim.bulkOps.get(shop.shop)!.at(-1)!.status = 'EXPIRED';
    const sync = suite.sync();
    await expect(sync.runAccount(shop.accountId, new Date())).rejects.toThrow('ended EXPIRED');
    expect(await sync.syncStatus(shop.accountId, shop.integrationId)).toMatchObject({ phase: 'failed', lastError: 'bulk operation expired' });
    await sync.runAccount(shop.accountId, new Date());
    expect(suite.sim.sim.bulkOps.get(shop.shop)!.map((op) => op.status)).toEqual(['COMPLETED', 'COMPLETED', 'EXPIRED', 'COMPLETED']);
    const want = expectedTotals(shop.store);
    expect(await q(`SELECT count(*)::int AS n, coalesce(sum(total_amount), 0)::text AS total FROM orders WHERE account_id = $1`, [shop.accountId])).toEqual([
      { n: want.orders, total: want.total },
    ]);
    expect(await sync.syncStatus(shop.accountId, shop.integrationId)).toMatchObject({ phase: 'synced', lastError: null });
  });

  test('afterConnected registers every webhook topic once and queues the sync; bulk_operations/finish of its own operation queues it', async () => {
    const shop = await suite.connect({ orders: 5, days: 10, seed: 9 });
    const core = { shopify: suite.sync() };
    expect(await afterConnected(core, shop.integrationId)).toBe(true);
    expect(await afterConnected(core, shop.integrationId)).toBe(true);
    const subs = suite.sim.stores.get(shop.shop)!.subscriptions!;
    expect(subs.map((s) => s.topic).sort()).toEqual([...WEBHOOK_TOPICS].sort());
    expect(new Set(subs.map((s) => s.callbackUrl))).toEqual(new Set(['https://svc.example.com/integrations/shopify/webhooks']));
    const queued = async () => (await q(`SELECT state::text FROM job_queue WHERE job = 'shopify-sync' AND account_key = $1`, [shop.accountId]))[0]?.state;
    expect(await queued()).toBe('queued');

    await q(`UPDATE job_queue SET state = 'idle' WHERE job = 'shopify-sync' AND account_key = $1`, [shop.accountId]);
    await core.shopify.runAccount(shop.accountId, new Date());
    const opId = suite.sim.sim.bulkOps.get(shop.shop)!.at(-1)!.id;
    expect(await onBulkOperationFinished(core, shop.integrationId, { admin_graphql_api_id: 'gid://shopify/BulkOperation/999999', status: 'completed' })).toBe(
      false,
    );
    expect(await queued()).toBe('idle');
    expect(await onBulkOperationFinished(core, shop.integrationId, { admin_graphql_api_id: opId, status: 'completed' })).toBe(true);
    expect(await queued()).toBe('queued');
    // Without a configured connector the hooks do nothing.
    expect(await afterConnected({ shopify: null }, shop.integrationId)).toBe(false);
  });

  test('a webhook registration that fails after the install is shown and retried by the next sync run; the backfill is queued regardless', async () => {
    const shop = await suite.connect({ orders: 5, days: 10, seed: 21 });
    const core = { shopify: suite.sync() };
    const store = suite.sim.stores.get(shop.shop)!;
    store.subscriptions = [];
    store.failWebhookCreates = 1;
    await expect(afterConnected(core, shop.integrationId)).rejects.toThrow('webhook registration');
    expect((await q(`SELECT state::text FROM job_queue WHERE job = 'shopify-sync' AND account_key = $1`, [shop.accountId]))[0]?.state).toBe('queued');
    expect(await core.shopify.syncStatus(shop.accountId, shop.integrationId)).toMatchObject({
      phase: 'failed',
      lastError: expect.stringContaining('webhook registration'),
    });
    expect(store.subscriptions.length).toBeLessThan(WEBHOOK_TOPICS.length);

    // The run registers what is missing, backfills, and ends clean.
    expect(await core.shopify.runAccount(shop.accountId, new Date())).toMatchObject({ integrations: 1, skipped: 0 });
    expect(store.subscriptions.map((s) => s.topic).sort()).toEqual([...WEBHOOK_TOPICS].sort());
    expect(await core.shopify.syncStatus(shop.accountId, shop.integrationId)).toMatchObject({ phase: 'synced', lastError: null });
    // Checked again daily, not every run: subscriptions Shopify removed come back the next day.
    store.subscriptions = [];
    await core.shopify.runAccount(shop.accountId, new Date(Date.now() + 3_600_000));
    expect(store.subscriptions).toEqual([]);
    await core.shopify.runAccount(shop.accountId, new Date(Date.now() + 25 * 3_600_000));
    expect(store.subscriptions.map((s) => s.topic).sort()).toEqual([...WEBHOOK_TOPICS].sort());
  });

  test("a live integration without a stored token (the demo seed's) is skipped, not a failed run", async () => {
    const shop = await suite.connect({ orders: 5, days: 10, seed: 23 });
    await suite.app.services.integrations.connectIntegration(shop.accountId, { provider: 'shopify', shop: 'demo-store.myshopify.com', scopes: [] });
    // The simulator's shops by their stand-in tokens; any other through the connections domain's real token store.
    const sync = suite.sync({
      access: async (integrationId) => {
        const known = shops.get(integrationId);
        if (known) return { shop: known, accessToken: `shpat_${known}` };
        return suite.app.services.connections.access(integrationId, () => Promise.reject(new Error('no refresh in this test')));
      },
    });
    expect(await sync.runAccount(shop.accountId, new Date())).toMatchObject({ integrations: 2, skipped: 1, revoked: 0 });
  });
});

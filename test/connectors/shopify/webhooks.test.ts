// Shopify webhooks over real HTTP against the simulator's sender, on both databases: the
// signature checked first (401, nothing stored), duplicates acknowledged and dropped, every topic
// through the inbox and the connector-inbox job into the ingestion tables and the analytics
// (an order via webhook in /api/v1/profit), out-of-order and late deliveries converging, a failed
// delivery retried with backoff and visible, the compliance topics erasing or gathering,
// app/uninstalled revoking, an unknown shop dropped, bulk_operations/finish of the integration's
// own operation queueing its sync, nothing lost across an app restart, and no delivery reaching
// another account.
import { jest } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { dashboardEnv, signedInUser } from '../../helpers/dashboard.ts';
import { makeAccount } from '../../factories/index.ts';
import { makeKey } from '../../factories/keys.ts';
import {
  appUninstalledPayload,
  customerPayload,
  customersRedactPayload,
  dataRequestPayload,
  inventoryLevelPayload,
  orderPayload,
  orderTotals,
  productPayload,
  refundPayload,
  shopRedactPayload,
  startShopifySimulator,
  webhookSender,
  type ShopifySimulator,
  type SimCustomer,
  type SimOrder,
  type WebhookSender,
} from '../../simulators/shopify/index.ts';
import { jobRunner } from '../../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../../src/jobs/index.ts';
import { connectorInboxJob } from '../../../src/jobs/connector-inbox.job.ts';
import { SHOPIFY_SYNC_JOB } from '../../../src/connectors/shopify/index.ts';
import { syncStreamsService } from '../../../src/domain/integrations/index.ts';
import { API_KEY, API_SECRET, approve, connectedStore, followCallback, profitDayOnce, shopifyEnv } from './helpers.ts';
import { gql } from '../../graphql/helpers.ts';
import { sample } from '../../observability/helpers.ts';

jest.setTimeout(240_000);

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
let ids = 1000;
const nextId = () => ++ids;

function customer(): SimCustomer {
  const id = nextId();
  return { id, email: `buyer${id}@example.com`, first_name: 'Ana', last_name: `Silva${id}`, country_code: 'PT', updated_at: iso(Date.now() - 10 * HOUR) };
}

function order(overrides: Partial<SimOrder> = {}): SimOrder {
  const id = nextId();
  return {
    id,
    processedAt: iso(Date.now() - 2 * HOUR),
    updatedAt: iso(Date.now() - 2 * HOUR),
    customer: customer(),
    lines: [
      { id: nextId(), sku: `SKU-${id}-A`, title: 'Mug', quantity: 2, price: '12.50' },
      { id: nextId(), sku: `SKU-${id}-B`, title: 'Tee', quantity: 1, price: '20.00' },
    ],
    shipping: '5.00',
    tax: '3.10',
    discount: '1.00',
    ...overrides,
  };
}

describeEachDatabase('shopify webhooks', (target) => {
  let database: TestDatabase;
  let sim: ShopifySimulator;
  let app: TestApp;
  let sender: WebhookSender;

  const env = () => ({ ...dashboardEnv(), ...shopifyEnv(sim.baseUrlTemplate) });
  beforeAll(async () => {
    database = await target.create();
    sim = await startShopifySimulator({ apiKey: API_KEY, apiSecret: API_SECRET });
    app = await startTestApp(database, env());
    sender = webhookSender(`${app.url}/integrations/shopify/webhooks`, API_SECRET);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
    await database?.close();
  });

  const store = () =>
    connectedStore(
      app,
      (accountId) => signedInUser(app, accountId, 'owner'),
      async () => (await makeAccount(app.db.prisma)).id,
    );
  /**
   * Runs what is queued the way a worker does (the connector-inbox job, then the analytics
   * catch-up), at `now` when given. Not the Shopify sync: this simulator has no Admin API (the
   * sync suites run it); a queued sync stays queued, for the tests to see.
   */
  const drain = (now?: Date) =>
    jobRunner({
      prisma: app.db.prisma,
      services: app.services,
      jobs: ALL_JOBS.filter((job) => job.name !== SHOPIFY_SYNC_JOB),
      retryDelayMs: () => 0,
      ...(now ? { clock: () => now } : {}),
    }).drain();
  const syncQueued = (accountId: string) => app.db.prisma.jobQueue.count({ where: { accountKey: accountId, job: SHOPIFY_SYNC_JOB, state: 'queued' } });
  const deliver = async (topic: string, shop: string, payload: unknown) => {
    const res = await sender.send(sender.make(topic, shop, payload));
    expect(res.status).toBe(200);
    return res;
  };
  const inbox = (accountId: string) => app.services.connections.listDeliveries(accountId);
  const ordersOf = (accountId: string) => app.db.prisma.order.findMany({ where: { accountId }, include: { items: true }, orderBy: { externalId: 'asc' } });

  test('a forged, unsigned or altered delivery is 401 and stores nothing; an unknown shop is acknowledged and dropped', async () => {
    const { accountId, shop } = await store();
    const delivery = sender.make('orders/create', shop, orderPayload(order()));
    for (const sign of ['wrong', 'none'] as const) {
      const res = await sender.send(delivery, { sign });
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([401, 'invalid_signature']);
    }
    // Signed over one body, another body sent.
    const altered = await fetch(`${app.url}/integrations/shopify/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-shop-domain': shop,
        'x-shopify-webhook-id': 'w-1',
        'x-shopify-hmac-sha256': (await import('../../simulators/shopify/index.ts')).webhookSignature('{"id":1}', API_SECRET),
      },
      body: '{"id":2}',
    });
    expect(altered.status).toBe(401);
    expect(await inbox(accountId)).toEqual([]);
    const unknown = await sender.send(sender.make('orders/create', 'nobody-here.myshopify.com', orderPayload(order())));
    expect(unknown.status).toBe(200);
    expect(await app.db.prisma.connectorInbox.count({ where: { shop: 'nobody-here.myshopify.com' } })).toBe(0);
    // Signed but without the headers Shopify always sends: a clear 400.
    const headless = await fetch(`${app.url}/integrations/shopify/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': (await import('../../simulators/shopify/index.ts')).webhookSignature('{}', API_SECRET),
      },
      body: '{}',
    });
    expect([headless.status, ((await headless.json()) as { error: string }).error]).toEqual([400, 'invalid_parameter']);
    await drain();
    expect(await ordersOf(accountId)).toEqual([]);
  });

  test('orders: duplicates dropped, out of order converging on the newest, test orders not counted, cancellation; the order is in /api/v1/profit', async () => {
    const { accountId, shop } = await store();
    const key = await makeKey(app.db.prisma, accountId, ['read']);
    const first = order();
    const updated: SimOrder = { ...first, updatedAt: iso(Date.parse(first.updatedAt) + 60_000), shipping: '7.00' };
    // orders/updated arrives before orders/create.
    await deliver('orders/updated', shop, orderPayload(updated));
    const create = sender.make('orders/create', shop, orderPayload(first));
    const once = await sender.send(create);
    const again = await sender.send(create);
    expect(await once.json()).toEqual({ received: true, duplicate: false });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const testOrder = order({ test: true });
    await deliver('orders/create', shop, orderPayload(testOrder));
    expect((await inbox(accountId)).length).toBe(3);
    await drain();

    const deliveries = await inbox(accountId);
    expect(deliveries.map((d) => [d.topic, d.status, d.attempts])).toEqual([
      ['orders/create', 'done', 1],
      ['orders/create', 'done', 1],
      ['orders/updated', 'done', 1],
    ]);
    // Processed bodies are not kept.
    expect(deliveries.every((d) => d.body === '{}')).toBe(true);
    const storedOrders = await ordersOf(accountId);
    // The test order is kept in the ingestion ledger only, never counted.
    expect(storedOrders.map((x) => x.externalId)).toEqual([String(first.id)]);
    expect(await app.db.prisma.ingestionRecord.count({ where: { accountId, kind: 'order', test: true } })).toBe(1);
    const [stored] = storedOrders;
    const { total } = orderTotals(updated);
    expect(stored).toMatchObject({ externalId: String(first.id), source: 'shopify', status: 'paid' });
    expect(Number(stored!.totalAmount)).toBe(Number(total));
    expect(Number(stored!.shippingAmount)).toBe(7);
    expect(stored!.items.map((i) => [i.sku, i.quantity]).sort()).toEqual([
      [`SKU-${first.id}-A`, 2],
      [`SKU-${first.id}-B`, 1],
    ]);

    // The analytics caught up: the order's day counts it (and not the test order).
    const day = first.processedAt.slice(0, 10);
    const served = await profitDayOnce(app, key, day, 1, drain);
    expect(Math.round(served.gross_revenue * 100)).toBe(Math.round(Number(total) * 100));

    // A late, older orders/updated changes nothing; orders/cancelled cancels.
    await deliver('orders/updated', shop, orderPayload({ ...first, shipping: '99.00' }));
    const cancelledAt = iso(Date.parse(updated.updatedAt) + 60_000);
    await deliver('orders/cancelled', shop, orderPayload({ ...updated, cancelledAt, updatedAt: cancelledAt }));
    await drain();
    const [afterCancel] = await ordersOf(accountId);
    expect(Number(afterCancel!.shippingAmount)).toBe(7);
    expect(afterCancel!.status).toBe('cancelled');
  });

  test('consecutive order deliveries are written by one ingestion command each run; a body that is not an order fails alone; newer wins inside a batch', async () => {
    const { accountId, shop } = await store();
    const [o1, o2, o3, o5, o6] = [order(), order(), order(), order(), order()];
    const o3updated: SimOrder = { ...o3, updatedAt: iso(Date.parse(o3.updatedAt) + 60_000), shipping: '9.00' };
    const o6updated: SimOrder = { ...o6, updatedAt: iso(Date.parse(o6.updatedAt) + 60_000), shipping: '8.00' };
    const refund = refundPayload({ id: nextId(), orderId: o2.id, processedAt: iso(Date.now() - HOUR), amount: '5.00', lines: [] });
    // In this order (explicit trigger times): three orders and a body that is not one, a refund, then four more order deliveries.
    const page: Array<[string, unknown]> = [
      ['orders/create', orderPayload(o1)],
      ['orders/create', orderPayload(o2)],
      ['orders/create', { not: 'an order' }],
      ['orders/create', orderPayload(o3)],
      ['refunds/create', refund],
      ['orders/updated', orderPayload(o3updated)],
      ['orders/create', orderPayload(o5)],
      ['orders/create', orderPayload(o6)],
      ['orders/updated', orderPayload(o6updated)],
    ];
    const base = Date.now() - HOUR;
    for (const [n, [topic, payload]] of page.entries()) {
      const res = await sender.send(sender.make(topic, shop, payload, { triggeredAt: new Date(base + n * 1000) }));
      expect(res.status).toBe(200);
    }
    // The real ingestion service, its order commands recorded.
    const batches: string[][] = [];
    const ingestion = {
      ...app.services.ingestion,
      upsertOrders: (...args: Parameters<typeof app.services.ingestion.upsertOrders>) => {
        if (args[0] === accountId) batches.push(args[2].map((r) => r.externalId));
        return app.services.ingestion.upsertOrders(...args);
      },
    };
    await jobRunner({
      prisma: app.db.prisma,
      services: { ...app.services, ingestion },
      jobs: [connectorInboxJob],
      retryDelayMs: () => 0,
      demand: false,
    }).drain();
    expect(batches).toEqual([[o1, o2, o3].map((o) => String(o.id)), [o3, o5, o6, o6].map((o) => String(o.id))]);
    const deliveries = (await inbox(accountId)).reverse();
    expect(deliveries.map((d) => [d.topic, d.status, d.attempts])).toEqual([
      ['orders/create', 'done', 1],
      ['orders/create', 'done', 1],
      ['orders/create', 'pending', 1],
      ['orders/create', 'done', 1],
      ['refunds/create', 'done', 1],
      ['orders/updated', 'done', 1],
      ['orders/create', 'done', 1],
      ['orders/create', 'done', 1],
      ['orders/updated', 'done', 1],
    ]);
    expect(deliveries[2]!.lastError).toMatch(/id/);
    // Each delivery keeps its own record's outcome: o6's create lost to its newer update in the same batch.
    expect(deliveries.map((d) => d.result)).toEqual([
      { stored: 1, skipped: 0, rejected: 0 },
      { stored: 1, skipped: 0, rejected: 0 },
      null,
      { stored: 1, skipped: 0, rejected: 0 },
      expect.objectContaining({ stored: 1 }),
      { stored: 1, skipped: 0, rejected: 0 },
      { stored: 1, skipped: 0, rejected: 0 },
      { stored: 0, skipped: 1, rejected: 0 },
      { stored: 1, skipped: 0, rejected: 0 },
    ]);
    const stored = new Map((await ordersOf(accountId)).map((o) => [o.externalId, o]));
    expect([...stored.keys()].sort()).toEqual([o1, o2, o3, o5, o6].map((o) => String(o.id)).sort());
    expect(Number(stored.get(String(o2.id))!.refundedAmount)).toBe(5);
    expect(Number(stored.get(String(o3.id))!.shippingAmount)).toBe(9);
    expect(Number(stored.get(String(o6.id))!.shippingAmount)).toBe(8);
  });

  test('a refund before its order converges once the order arrives; a refund 200 days late corrects its day', async () => {
    const { accountId, shop } = await store();
    const o = order();
    const refund = refundPayload({
      id: nextId(),
      orderId: o.id,
      processedAt: iso(Date.now() - HOUR),
      amount: '12.50',
      lines: [{ sku: o.lines[0]!.sku, quantity: 1, subtotal: '12.50' }],
    });
    await deliver('refunds/create', shop, refund);
    await drain();
    await deliver('orders/create', shop, orderPayload(o));
    await drain();
    expect((await inbox(accountId)).map((d) => [d.topic, d.status])).toEqual([
      ['orders/create', 'done'],
      ['refunds/create', 'done'],
    ]);
    const [stored] = await ordersOf(accountId);
    expect(Number(stored!.refundedAmount)).toBe(12.5);
    expect(stored!.status).toBe('partially_refunded');

    const old = order({ processedAt: iso(Date.now() - 200 * 24 * HOUR), updatedAt: iso(Date.now() - 200 * 24 * HOUR) });
    await deliver('orders/create', shop, orderPayload(old));
    await drain();
    await deliver('refunds/create', shop, refundPayload({ id: nextId(), orderId: old.id, processedAt: iso(Date.now() - HOUR), amount: '5.00', lines: [] }));
    await drain();
    const late = (await ordersOf(accountId)).find((x) => x.externalId === String(old.id))!;
    expect(Number(late.refundedAmount)).toBe(5);
  });

  test('customers, products and inventory levels; a level before its product fails, stays visible and is retried with backoff until it lands; bulk_operations/finish queues the sync', async () => {
    const { accountId, shop, integrationId } = await store();
    // Both drains run at one explicit time: after every delivery of this test (it times out in
    // minutes) and before the failed level's backoff ends, so the second drain cannot retry it.
    const now = new Date(Date.now() + HOUR);
    const c = customer();
    await deliver('customers/create', shop, customerPayload(c));
    await deliver('customers/update', shop, customerPayload({ ...c, first_name: 'Beatriz', updated_at: iso(Date.parse(c.updated_at) + 1000) }));
    const productId = nextId();
    const itemId = nextId();
    const sku = `SKU-P-${productId}`;
    const level = inventoryLevelPayload({ inventoryItemId: itemId, locationId: 1, available: 7, updatedAt: iso(Date.now() - 1000) });
    await deliver('inventory_levels/update', shop, level);
    await drain(now);
    const failed = (await inbox(accountId)).find((d) => d.topic === 'inventory_levels/update')!;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toContain('has no known SKU yet');
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());

    await deliver(
      'products/update',
      shop,
      productPayload({
        id: productId,
        title: 'Lamp',
        updatedAt: iso(Date.now() - 5000),
        variants: [{ id: nextId(), sku, price: '30.00', inventoryItemId: itemId }],
      }),
    );
    await deliver('inventory_levels/update', shop, inventoryLevelPayload({ inventoryItemId: itemId, locationId: 2, available: 4, updatedAt: iso(Date.now()) }));
    // The integration's backfill waits for this bulk operation (as the sync records it when it starts one).
    const operationId = 'gid://shopify/BulkOperation/1';
    await syncStreamsService(app.db.prisma).saveStream(accountId, integrationId, 'backfill:orders', { phase: 'running', operationId });
    // The install queued the account's sync; a worker has taken it since (its row is idle).
    await app.db.prisma.jobQueue.updateMany({ where: { accountKey: accountId, job: SHOPIFY_SYNC_JOB }, data: { state: 'idle' } });
    expect(await syncQueued(accountId)).toBe(0);
    await deliver('bulk_operations/finish', shop, { admin_graphql_api_id: operationId, completed_at: iso(Date.now()), status: 'completed' });
    await drain(now);
    // The operation finished: the account's sync is queued at once instead of at its next poll.
    expect(await syncQueued(accountId)).toBe(1);
    // The failed level waits for its backoff; the job's tick after it retries (run as a worker would, at that time).
    const retry = (await inbox(accountId)).find((d) => d.topic === 'inventory_levels/update' && d.status === 'pending')!;
    expect(retry.id).toBe(failed.id);
    await connectorInboxJob.run({
      services: app.services,
      accountId,
      now: new Date(retry.nextAttemptAt.getTime() + 1000),
      signal: new AbortController().signal,
    });
    expect((await inbox(accountId)).map((d) => d.status)).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    // Landed on its retry: the second drain left it alone.
    const landed = (await inbox(accountId)).find((d) => d.id === failed.id)!;
    expect(landed.lastError).toBeNull();
    expect(landed.attempts).toBe(2);

    const stored = await app.db.prisma.customer.findMany({ where: { accountId } });
    expect(stored.map((s) => [s.externalId, s.name, s.email, s.country])).toEqual([[String(c.id), `Beatriz ${c.last_name}`, c.email, 'PT']]);
    const item = await app.db.prisma.inventoryItem.findFirst({ where: { accountId, sku } });
    expect(item).toMatchObject({ sku, productName: 'Lamp', currentStock: 11 });
  });

  test('compliance: data_request gathers the customer for the owner, customers/redact erases them keeping the figures, shop/redact erases the shop', async () => {
    const { accountId, shop, integrationId } = await store();
    // A second shop connected to the same account: shop/redact of the first leaves it whole.
    const other = await connectedStore(
      app,
      (id) => signedInUser(app, id, 'owner'),
      async () => accountId,
    );
    const kept = order();
    await deliver('orders/create', other.shop, orderPayload(kept));
    const o = order();
    await deliver('orders/create', shop, orderPayload(o));
    await deliver('orders/create', shop, orderPayload(order()));
    await drain();
    await deliver('customers/data_request', shop, dataRequestPayload(shop, o.customer!, [o.id]));
    await drain();
    const request = (await app.services.connections.listDeliveries(accountId, { topic: 'customers/data_request' }))[0]!;
    expect(request.status).toBe('done');
    expect(request.result).toMatchObject({
      customerId: String(o.customer!.id),
      ordersRequested: [String(o.id)],
      data: {
        customer: { externalId: String(o.customer!.id), email: o.customer!.email, country: 'PT' },
        orders: [{ externalId: String(o.id), total: orderTotals(o).total }],
      },
    });

    // The owner reads it over HTTP with the dashboard session; a member may not; another account sees none of it.
    const ownerCookie = (await signedInUser(app, accountId, 'owner')).cookie;
    const read = async (cookie: string) => {
      const res = await fetch(`${app.url}/integrations/shopify/data-requests`, { headers: { cookie } });
      return { status: res.status, body: (await res.json()) as { data?: Array<{ shop: string; status: string; result: unknown }>; error?: string } };
    };
    const served = await read(ownerCookie);
    expect(served.status).toBe(200);
    expect(served.body.data).toEqual([{ id: request.id, shop, received_at: request.receivedAt.toISOString(), status: 'done', result: request.result }]);
    expect(await read((await signedInUser(app, accountId, 'member')).cookie)).toMatchObject({ status: 403, body: { error: 'owner_required' } });
    const stranger = await makeAccount(app.db.prisma);
    expect(await read((await signedInUser(app, stranger.id, 'owner')).cookie)).toEqual({ status: 200, body: { data: [] } });

    await deliver('customers/redact', shop, customersRedactPayload(shop, o.customer!, [o.id]));
    await drain();
    const redacted = await app.db.prisma.customer.findFirst({ where: { accountId, externalId: String(o.customer!.id) } });
    expect(redacted).toMatchObject({ email: '', phone: null, city: '' });
    expect(redacted!.name).not.toContain(o.customer!.last_name);
    expect((await ordersOf(accountId)).length).toBe(3);
    expect((await app.services.connections.listDeliveries(accountId, { topic: 'customers/data_request' }))[0]!.result).toBeNull();

    // Shopify asks for shop/redact 48 hours after the uninstall.
    await deliver('app/uninstalled', shop, appUninstalledPayload(shop));
    await drain();
    await deliver('shop/redact', shop, shopRedactPayload(shop));
    await drain();
    expect((await ordersOf(accountId)).map((x) => x.externalId)).toEqual([String(kept.id)]);
    expect((await app.db.prisma.customer.findMany({ where: { accountId } })).map((c) => c.externalId)).toEqual([String(kept.customer!.id)]);
    expect(await app.db.prisma.ingestionRecord.count({ where: { accountId, integrationId } })).toBe(0);
    expect(await app.db.prisma.ingestionRecord.count({ where: { accountId, integrationId: other.integrationId } })).toBeGreaterThan(0);
    expect(await app.db.prisma.integrationCredential.count({ where: { integrationId } })).toBe(0);
    expect((await app.services.connections.listDeliveries(accountId, { topic: 'customers/data_request' }))[0]!.result).toBeNull();
  });

  test('shop/redact erases the shop in every account that held it, not only the one its delivery reaches', async () => {
    const first = await store();
    const a = order();
    await deliver('orders/create', first.shop, orderPayload(a));
    await drain();
    await deliver('app/uninstalled', first.shop, appUninstalledPayload(first.shop));
    await drain();
    // The merchant installs the app again, from another account of this service.
    const second = (await makeAccount(app.db.prisma)).id;
    const { callback, stateCookie } = await approve(app, (await signedInUser(app, second, 'owner')).cookie, first.shop);
    expect((await followCallback(callback, stateCookie)).status).toBe(302);
    const b = order();
    await deliver('orders/create', first.shop, orderPayload(b));
    await drain();
    expect((await ordersOf(first.accountId)).map((x) => x.externalId)).toEqual([String(a.id)]);
    expect((await ordersOf(second)).map((x) => x.externalId)).toEqual([String(b.id)]);

    // Uninstalled there too; 48 hours later Shopify asks to erase the shop: the delivery reaches the latest installation.
    await deliver('app/uninstalled', first.shop, appUninstalledPayload(first.shop));
    await drain();
    await deliver('shop/redact', first.shop, shopRedactPayload(first.shop));
    await drain();
    expect(await ordersOf(second)).toEqual([]);
    expect(await ordersOf(first.accountId)).toEqual([]);
    for (const accountId of [first.accountId, second]) {
      expect(await app.db.prisma.customer.count({ where: { accountId } })).toBe(0);
      expect(await app.db.prisma.ingestionRecord.count({ where: { accountId } })).toBe(0);
    }
    expect(await app.db.prisma.integrationCredential.count({ where: { integrationId: first.integrationId } })).toBe(0);
  });

  test('app/uninstalled revokes (app_uninstalled, integration.revoked); later deliveries for the shop change nothing', async () => {
    const { accountId, shop, integrationId } = await store();
    // An order delivered after the uninstall and processed in the same run is dropped too.
    await deliver('app/uninstalled', shop, appUninstalledPayload(shop));
    expect((await sender.send(sender.make('orders/create', shop, orderPayload(order()), { triggeredAt: new Date(Date.now() + 1_000) }))).status).toBe(200);
    await drain();
    expect(await ordersOf(accountId)).toEqual([]);
    const [integration] = (await app.services.integrations.listIntegrations(accountId)).items;
    expect(integration).toMatchObject({ status: 'revoked' });
    expect((await app.db.prisma.integration.findUniqueOrThrow({ where: { id: integrationId } })).revokeReason).toBe('app_uninstalled');
    const events = (await app.services.events.listForAccount(accountId)).filter((e) => e.name === 'integration.revoked').map((e) => e.data);
    expect(events).toEqual([{ provider: 'shopify', store_id: integrationId, reason: 'app_uninstalled' }]);
    expect(await app.db.prisma.integrationCredential.count({ where: { integrationId } })).toBe(0);
    await deliver('orders/create', shop, orderPayload(order()));
    await drain();
    expect(await ordersOf(accountId)).toEqual([]);
    expect((await inbox(accountId))[0]).toMatchObject({ topic: 'orders/create', status: 'done', result: { dropped: 'the integration is revoked' } });
  });

  test('a reinstall: an uninstall from before it does not revoke it, a shop/redact for the live shop erases nothing, and the sync starts over', async () => {
    const { accountId, shop, integrationId } = await store();
    const { cookie } = await signedInUser(app, accountId, 'owner');
    const reinstall = async () => {
      const { callback, stateCookie } = await approve(app, cookie, shop);
      expect((await followCallback(callback, stateCookie)).status).toBe(302);
    };
    const o = order();
    await deliver('orders/create', shop, orderPayload(o));
    await drain();
    const streams = syncStreamsService(app.db.prisma);
    await streams.saveStream(accountId, integrationId, 'webhooks', { phase: 'completed', finishedAt: new Date() });
    await streams.saveStream(accountId, integrationId, 'backfill:orders', { phase: 'completed', recordsDone: 1 });

    // Uninstalled, then installed again before the inbox processed the uninstall.
    const uninstalledAt = new Date(Date.now() - 60_000);
    expect((await sender.send(sender.make('app/uninstalled', shop, appUninstalledPayload(shop), { triggeredAt: uninstalledAt }))).status).toBe(200);
    await reinstall();
    await drain();
    const live = async () => (await app.services.integrations.listIntegrations(accountId)).items.find((i) => i.id === integrationId)!;
    expect((await live()).revokedAt).toBeNull();
    expect(await app.db.prisma.integrationCredential.count({ where: { integrationId } })).toBe(1);
    expect((await inbox(accountId)).find((d) => d.topic === 'app/uninstalled')).toMatchObject({
      status: 'done',
      result: { dropped: 'the uninstall is older than the current installation' },
    });
    // shop/redact for a shop that is installed: nothing erased.
    await deliver('shop/redact', shop, shopRedactPayload(shop));
    await drain();
    expect((await ordersOf(accountId)).map((x) => x.externalId)).toEqual([String(o.id)]);
    expect(await app.db.prisma.integrationCredential.count({ where: { integrationId } })).toBe(1);

    // Uninstalled for real, then installed again: revoked, and the reinstall starts the sync over
    // (the streams are gone: the backfill reads everything and the webhooks are registered again).
    await deliver('app/uninstalled', shop, appUninstalledPayload(shop));
    await drain();
    expect((await live()).revokedAt).not.toBeNull();
    expect((await streams.listStreams(accountId, integrationId)).map((r) => r.stream).sort()).toEqual(['backfill:orders', 'webhooks']);
    await reinstall();
    expect((await live()).revokedAt).toBeNull();
    // The backfill's position is gone, and the registration was tried again at once (this
    // simulator has no Admin API: it failed, recorded for the sync runs to retry).
    expect((await streams.listStreams(accountId, integrationId)).map((r) => [r.stream, r.phase])).toEqual([['webhooks', 'failed']]);
  });

  test("a failed processing is visible: a warn line per attempt (no content), a count by topic, the integration's recentErrors until a later attempt lands or the last gives up; never another account's", async () => {
    const a = await store();
    const b = await store();
    const keyA = await makeKey(app.db.prisma, a.accountId);
    const keyB = await makeKey(app.db.prisma, b.accountId);
    const RECENT = '{ integrations { nodes { shop syncStatus { recentErrors { at source topic message attempts willRetry nextAttemptAt } } } } }';
    const scrape = async () => (await fetch(`${app.url}/metrics`)).text();
    const recentErrors = async (key: string) => {
      const answer = await gql(app, key, RECENT);
      expect(answer.body.errors).toBeUndefined();
      const nodes = answer.body.data.integrations.nodes as Array<{ shop: string; syncStatus: { recentErrors: Array<Record<string, unknown>> } }>;
      return Object.fromEntries(nodes.map((n) => [n.shop, n.syncStatus.recentErrors]));
    };
    // A level before its product (no SKU known yet) and an order the ingestion rejects (a line
    // price that is not money), with a customer whose e-mail must not reach the log.
    const itemId = nextId();
    await deliver(
      'inventory_levels/update',
      a.shop,
      inventoryLevelPayload({ inventoryItemId: itemId, locationId: 1, available: 3, updatedAt: iso(Date.now() - 1000) }),
    );
    const buyer = customer();
    const bad = order({ customer: buyer });
    bad.lines[0]!.price = 'twelve';
    await deliver('orders/create', a.shop, orderPayload(bad));
    // Account b's own failure, which a's key must never see (and b's never sees a's).
    await deliver(
      'inventory_levels/update',
      b.shop,
      inventoryLevelPayload({ inventoryItemId: nextId(), locationId: 1, available: 1, updatedAt: iso(Date.now()) }),
    );

    // One explicit time after every delivery and before the first backoff ends (as above).
    const now = new Date(Date.now() + HOUR);
    const lines: string[] = [];
    const run = (at: Date) =>
      jobRunner({
        prisma: app.db.prisma,
        services: app.services,
        jobs: [connectorInboxJob],
        retryDelayMs: () => 0,
        demand: false,
        clock: () => at,
        log: (line) => lines.push(line),
      }).drain();
    /** The job's tick for the account at `at`, as a worker runs it (its failed attempts told to `lines`). */
    const inboxJobAt = (at: Date) =>
      connectorInboxJob.run({ services: app.services, accountId: a.accountId, now: at, signal: new AbortController().signal, log: (line) => lines.push(line) });
    const before = await scrape();
    await run(now);
    // Counted by topic (a's level and order, b's level); no account, shop or integration in the labels.
    const after = await scrape();
    const failures = (topic: string) =>
      sample(after, 'connector_inbox_failures_total', { provider: 'shopify', topic }) -
      sample(before, 'connector_inbox_failures_total', { provider: 'shopify', topic });
    expect([failures('inventory_levels/update'), failures('orders/create')]).toEqual([2, 1]);
    expect(after).not.toContain(a.shop);
    const [levelRow, orderRow] = ['inventory_levels/update', 'orders/create'].map((topic) => {
      const found = lines.filter((l) => l.includes(`(${topic}, `) && l.includes(`of integration ${a.integrationId} `));
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    const retryAt = new Date(now.getTime() + 5000).toISOString();
    expect(levelRow).toMatch(
      new RegExp(
        `^shopify inbox: delivery \\d+ \\(inventory_levels/update, event:inventory_levels/update:[-0-9a-f]+\\) of integration ${a.integrationId} failed on attempt 1 of 12, retried at ${retryAt}: inventory item ${itemId} has no known SKU yet$`,
      ),
    );
    expect(orderRow).toContain(`failed on attempt 1 of 12, retried at ${retryAt}: ${bad.id}: `);
    // Ids, topic, attempt and error only: nothing of the delivery's content.
    for (const line of lines) for (const secret of [buyer.email, buyer.last_name, 'twelve', API_SECRET]) expect(line).not.toContain(secret);

    const errorsA = (await recentErrors(keyA))[a.shop]!;
    const webhookErrors = errorsA.filter((e) => e.source === 'WEBHOOK');
    expect(webhookErrors.map((e) => [e.topic, e.attempts, e.willRetry, e.nextAttemptAt, e.at]).sort()).toEqual([
      ['inventory_levels/update', 1, true, retryAt, now.toISOString()],
      ['orders/create', 1, true, retryAt, now.toISOString()],
    ]);
    expect(webhookErrors.find((e) => e.topic === 'inventory_levels/update')!.message).toBe(`inventory item ${itemId} has no known SKU yet`);
    expect(webhookErrors.find((e) => e.topic === 'orders/create')!.message).toMatch(new RegExp(`^${bad.id}: `));
    // The sync's errors are listed beside them (this simulator has no Admin API: the webhook registration failed).
    expect(errorsA.filter((e) => e.source === 'SYNC').map((e) => [e.topic, e.attempts, e.willRetry, e.nextAttemptAt])).toEqual([[null, null, true, null]]);
    // Each key sees its own account's integrations only, and their errors only.
    expect(Object.keys(await recentErrors(keyA))).toEqual([a.shop]);
    const errorsB = await recentErrors(keyB);
    expect(Object.keys(errorsB)).toEqual([b.shop]);
    expect(errorsB[b.shop]!.filter((e) => e.source === 'WEBHOOK').map((e) => e.topic)).toEqual(['inventory_levels/update']);

    // The product arrives (processed first); the level's retry (at its due time) lands and leaves the list; the order is retried again.
    const sku = `SKU-P-${itemId}`;
    await deliver(
      'products/update',
      a.shop,
      productPayload({ id: nextId(), title: 'Lamp', updatedAt: iso(Date.now()), variants: [{ id: nextId(), sku, price: '30.00', inventoryItemId: itemId }] }),
    );
    // Processed at the same time as before: the failed ones are not due yet.
    await run(now);
    expect((await inbox(a.accountId)).find((d) => d.topic === 'products/update')?.status).toBe('done');
    lines.length = 0;
    const later = new Date(now.getTime() + 6000);
    // The job's tick after the backoff retries them (run as a worker would, at that time).
    await inboxJobAt(later);
    expect((await inbox(a.accountId)).filter((d) => d.status !== 'done').map((d) => [d.topic, d.attempts])).toEqual([['orders/create', 2]]);
    const retried = (await recentErrors(keyA))[a.shop]!.filter((e) => e.source === 'WEBHOOK');
    expect(retried.map((e) => [e.topic, e.attempts, e.willRetry, e.at, e.nextAttemptAt])).toEqual([
      ['orders/create', 2, true, later.toISOString(), new Date(later.getTime() + 10_000).toISOString()],
    ]);
    const retriedLines = lines.filter((l) => l.includes(`of integration ${a.integrationId} `));
    expect(retriedLines.map((l) => /\((\S+), /.exec(l)?.[1])).toEqual(['orders/create']);
    expect(retriedLines[0]).toContain('failed on attempt 2 of 12');

    // Each later attempt at its due time fails again; the 12th gives up: still listed, not retried.
    for (let attempt = 3; attempt <= 12; attempt++) {
      const due = (await inbox(a.accountId)).find((d) => d.topic === 'orders/create')!;
      expect([due.status, due.attempts]).toEqual(['pending', attempt - 1]);
      const at = new Date(due.nextAttemptAt.getTime() + 1000);
      await inboxJobAt(at);
    }
    expect((await inbox(a.accountId)).find((d) => d.topic === 'orders/create')).toMatchObject({ status: 'failed', attempts: 12 });
    const givenUp = (await recentErrors(keyA))[a.shop]!.filter((e) => e.source === 'WEBHOOK');
    expect(givenUp.map((e) => [e.topic, e.attempts, e.willRetry, e.nextAttemptAt])).toEqual([['orders/create', 12, false, null]]);
    expect(lines.at(-1)).toMatch(new RegExp(`of integration ${a.integrationId} failed on attempt 12 of 12, given up: ${bad.id}: `));
  });

  test("a delivery reaches only its shop's account", async () => {
    const a = await store();
    const b = await store();
    const o = order();
    await deliver('orders/create', a.shop, orderPayload(o));
    await drain();
    expect((await ordersOf(a.accountId)).map((x) => x.externalId)).toEqual([String(o.id)]);
    expect(await ordersOf(b.accountId)).toEqual([]);
    expect(await inbox(b.accountId)).toEqual([]);
  });

  test('nothing is lost across a restart: stored deliveries are processed by the next app', async () => {
    const { accountId, shop } = await store();
    const orders = [order(), order(), order()];
    for (const o of orders) await deliver('orders/create', shop, orderPayload(o));
    expect((await inbox(accountId)).every((d) => d.status === 'pending')).toBe(true);
    await app.close();
    app = await startTestApp(database, env());
    sender = webhookSender(`${app.url}/integrations/shopify/webhooks`, API_SECRET);
    await drain();
    expect((await ordersOf(accountId)).map((x) => x.externalId).sort()).toEqual(orders.map((o) => String(o.id)).sort());
  });
});

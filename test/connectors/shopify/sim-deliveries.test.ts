// The simulator delivers to the subscriptions the connector registered, over real HTTP on both
// databases: a store connected through OAuth and synced (the sync registers its topics through the
// simulator's webhookSubscriptionCreate), then an order created in the simulated store arrives as
// the simulator's own signed orders/create in the connector's inbox, is counted in /api/v1/profit
// once the inbox job ran, and the Admin API (the next sync's reconciliation) agrees with it; a
// refund and a cancellation made in the store arrive the same way. A
// delivery the app refuses (a 500, the app down) is sent again with the same webhook id until it
// lands, or given up after the bounded retries.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestApp } from '../../helpers/app.ts';
import { makeKey } from '../../factories/keys.ts';
import type { FullShopifySimulator } from '../../simulators/shopify/full.ts';
import { orderTotals } from '../../simulators/shopify/store.ts';
import { WEBHOOK_TOPICS } from '../../../src/connectors/shopify/index.ts';
import { PUBLIC_URL, approve, dashboardShopifySuite, followCallback, newShop, profitDayOnce } from './helpers.ts';

jest.setTimeout(240_000);

const DAY_MS = 86_400_000;

describeEachDatabase('shopify simulator deliveries', (target) => {
  const suite = dashboardShopifySuite(target);
  const { runSync, drain } = suite;
  let app: TestApp;
  let sim: FullShopifySimulator;
  // A receiver that answers 500 to everything: the app refusing a delivery.
  let refusing: Server;
  let refusingUrl: string;
  beforeAll(async () => {
    ({ app, sim } = suite);
    refusing = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(500).end('{"error":"internal"}'));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/integrations/shopify/webhooks`;
  });
  afterAll(async () => {
    sim.deliveries.setAddress((url) => url.replace(PUBLIC_URL, app.url));
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });

  /** An owner's account with a store (its orders ended five days ago) connected and synced: the topics registered. */
  async function connected(orders = 6) {
    const { accountId, cookie } = await suite.owner();
    const shop = newShop();
    const store = sim.addStore(shop, { seed: 5, orders, days: 20, now: new Date(Date.now() - 5 * DAY_MS) });
    const { callback, stateCookie } = await approve(app, cookie, shop);
    expect((await followCallback(callback, stateCookie)).status).toBe(302);
    await runSync(accountId);
    expect((store.subscriptions ?? []).map((s) => [s.topic, s.callbackUrl]).sort()).toEqual(
      [...WEBHOOK_TOPICS].map((t) => [t, `${PUBLIC_URL}/integrations/shopify/webhooks`]).sort(),
    );
    return { accountId, shop, store };
  }

  const inbox = (accountId: string, topic: string) => app.services.connections.listDeliveries(accountId, { topic });
  const ordersOf = (accountId: string) => app.db.prisma.order.findMany({ where: { accountId }, orderBy: { externalId: 'asc' } });

  test("an order created in the store arrives as the simulator's signed orders/create, lands in the inbox, is counted in /api/v1/profit, and the Admin API agrees", async () => {
    const { accountId, shop, store } = await connected();
    const key = await makeKey(app.db.prisma, accountId, ['read']);
    await drain();
    const before = (await ordersOf(accountId)).length;
    expect(before).toBe(store.orders.filter((o) => !o.test).length);

    const { order, delivered } = sim.createOrder(shop);
    expect(await delivered).toEqual(['delivered']);
    const attempts = sim.deliveries.attempts.filter((a) => a.shop === shop);
    expect(attempts.map((a) => [a.topic, a.attempt, a.status])).toEqual([['orders/create', 1, 200]]);
    const received = await inbox(accountId, 'orders/create');
    expect(received.map((d) => d.status)).toEqual(['pending']);
    // The connector keys it by the simulator's X-Shopify-Event-Id.
    expect(received[0]!.dedupKey).toBe(`event:orders/create:${attempts[0]!.eventId}`);

    await drain();
    expect((await inbox(accountId, 'orders/create')).map((d) => [d.status, d.attempts])).toEqual([['done', 1]]);
    const stored = (await ordersOf(accountId)).find((o) => o.externalId === String(order.id));
    const { total } = orderTotals(order);
    expect(Number(stored!.totalAmount)).toBe(total / 100);

    // Today's profit counts it (the store's other orders ended five days ago).
    const day = order.processedAt.toISOString().slice(0, 10);
    const served = await profitDayOnce(app, key, day, 1, drain);
    expect(Math.round(served.gross_revenue * 100)).toBe(total);

    // The next sync reconciles against the Admin API: the same order, nothing added or changed.
    await runSync(accountId);
    await drain();
    const after = await ordersOf(accountId);
    expect(after.length).toBe(before + 1);
    expect(Number(after.find((o) => o.externalId === String(order.id))!.totalAmount)).toBe(total / 100);

    // A refund of 5.00: refunds/create then orders/updated, both landing; the order is partly refunded.
    expect(await sim.refundOrder(shop, order.id, 500).delivered).toEqual(['delivered', 'delivered']);
    await drain();
    expect((await ordersOf(accountId)).find((o) => o.externalId === String(order.id))!.status).toBe('partially_refunded');

    // A cancellation: orders/cancelled then orders/updated, both landing; the order is cancelled.
    expect(await sim.cancelOrder(shop, order.id).delivered).toEqual(['delivered', 'delivered']);
    expect(
      sim.deliveries.attempts
        .filter((a) => a.shop === shop)
        .slice(1)
        .map((a) => [a.topic, a.status]),
    ).toEqual([
      ['refunds/create', 200],
      ['orders/updated', 200],
      ['orders/cancelled', 200],
      ['orders/updated', 200],
    ]);
    await drain();
    expect((await ordersOf(accountId)).find((o) => o.externalId === String(order.id))!.status).toBe('cancelled');
  });

  test('a delivery the app refuses (a 500, then the app down) is sent again with the same ids until it lands; after the bounded retries it is given up', async () => {
    const { accountId, shop } = await connected(3);
    // Attempt 1 answers 500, attempt 2 finds nothing listening, attempt 3 reaches the app.
    sim.deliveries.setAddress((url, attempt) =>
      attempt === 1 ? refusingUrl : attempt === 2 ? 'http://127.0.0.1:1/integrations/shopify/webhooks' : url.replace(PUBLIC_URL, app.url),
    );
    const { order, delivered } = sim.createOrder(shop);
    expect(await delivered).toEqual(['delivered']);
    const attempts = sim.deliveries.attempts.filter((a) => a.shop === shop);
    expect(attempts.map((a) => [a.attempt, a.status, a.error === undefined])).toEqual([
      [1, 500, true],
      [2, null, false],
      [3, 200, true],
    ]);
    expect(new Set(attempts.map((a) => a.webhookId)).size).toBe(1);
    const landed = await inbox(accountId, 'orders/create');
    expect(landed.map((d) => [d.status, d.attempts])).toEqual([['pending', 0]]);
    expect(landed[0]!.dedupKey).toBe(`event:orders/create:${attempts[0]!.eventId}`);
    await drain();
    expect((await ordersOf(accountId)).some((o) => o.externalId === String(order.id))).toBe(true);

    // Refused every time: the first attempt and 3 retries (the suite's bound), then given up; nothing lands.
    sim.deliveries.setAddress(() => refusingUrl);
    const refused = sim.createOrder(shop);
    expect(await refused.delivered).toEqual(['gave-up']);
    expect(
      sim.deliveries.attempts
        .filter((a) => a.shop === shop)
        .slice(3)
        .map((a) => [a.attempt, a.status]),
    ).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 500],
    ]);
    expect((await inbox(accountId, 'orders/create')).length).toBe(1);
    sim.deliveries.setAddress((url) => url.replace(PUBLIC_URL, app.url));
    await sim.deliveries.idle();
  });
});

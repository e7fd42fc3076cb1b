// Stock after a backfill, over real HTTP against the whole simulator (OAuth, Admin GraphQL, bulk
// files) on both databases: the backfill records each variant's inventory item and its stock per
// location, so an inventory_levels/update webhook for a backfilled item lands on its first attempt,
// replaces its own location's figure only (the level stays the sum over every location), and an
// older update of a location changes nothing.
import { jest } from '@jest/globals';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestApp } from '../../helpers/app.ts';
import { signedInUser } from '../../helpers/dashboard.ts';
import { makeAccount } from '../../factories/index.ts';
import type { FullShopifySimulator } from '../../simulators/shopify/full.ts';
import { inventoryLevelPayload, webhookSender, type WebhookSender } from '../../simulators/shopify/index.ts';
import { LOCATIONS, setLevel } from '../../simulators/shopify/store.ts';
import { API_SECRET, approve, dashboardShopifySuite, followCallback, newShop } from './helpers.ts';

jest.setTimeout(240_000);

describeEachDatabase('shopify stock', (target) => {
  const suite = dashboardShopifySuite(target);
  const { runSync, drain } = suite;
  let app: TestApp;
  let sim: FullShopifySimulator;
  let sender: WebhookSender;
  beforeAll(() => {
    ({ app, sim } = suite);
    sender = webhookSender(`${app.url}/integrations/shopify/webhooks`, API_SECRET);
  });

  const deliver = async (topic: string, shop: string, payload: unknown) => expect((await sender.send(sender.make(topic, shop, payload))).status).toBe(200);
  const stockOf = async (accountId: string, sku: string) => (await app.db.prisma.inventoryItem.findFirst({ where: { accountId, sku } }))?.currentStock;

  test('after a backfill a location update of a backfilled item lands at once and the level stays the sum over all locations; an older update changes nothing', async () => {
    const account = await makeAccount(app.db.prisma);
    const { cookie } = await signedInUser(app, account.id, 'owner');
    const shop = newShop();
    const store = sim.addStore(shop, { seed: 11, orders: 10, days: 30 });
    const { callback, stateCookie } = await approve(app, cookie, shop);
    expect((await followCallback(callback, stateCookie)).status).toBe(302);
    await runSync(account.id);

    const v = store.variants.find((x) => x.levels.every((l) => l.available > 0))!;
    const [warehouse, shelf] = v.levels.map((l) => l.available) as [number, number];
    expect(await stockOf(account.id, v.sku)).toBe(warehouse + shelf);

    // Upstream the store location's stock becomes 5: Shopify sends that location's figure only.
    const at = new Date(Date.now() + 60_000);
    setLevel(v, LOCATIONS[1], 5, at);
    await deliver(
      'inventory_levels/update',
      shop,
      inventoryLevelPayload({ inventoryItemId: v.id, locationId: LOCATIONS[1], available: 5, updatedAt: at.toISOString() }),
    );
    await drain();
    const deliveries = await app.services.connections.listDeliveries(account.id, { topic: 'inventory_levels/update' });
    expect(deliveries.map((d) => [d.status, d.attempts, d.lastError])).toEqual([['done', 1, null]]);
    expect(await stockOf(account.id, v.sku)).toBe(warehouse + 5);
    expect(await stockOf(account.id, v.sku)).toBe(v.inventory);

    // A late delivery of an older warehouse figure (stamped before the backfill read it) changes nothing.
    const older = new Date(v.levels[0]!.updatedAt.getTime() - 60_000);
    await deliver(
      'inventory_levels/update',
      shop,
      inventoryLevelPayload({ inventoryItemId: v.id, locationId: LOCATIONS[0], available: 999, updatedAt: older.toISOString() }),
    );
    await drain();
    expect(await stockOf(account.id, v.sku)).toBe(warehouse + 5);
    // A newer one of the warehouse replaces the warehouse's figure.
    await deliver(
      'inventory_levels/update',
      shop,
      inventoryLevelPayload({ inventoryItemId: v.id, locationId: LOCATIONS[0], available: 2, updatedAt: new Date(at.getTime() + 1_000).toISOString() }),
    );
    await drain();
    expect(await stockOf(account.id, v.sku)).toBe(2 + 5);
    const statuses = (await app.services.connections.listDeliveries(account.id, { topic: 'inventory_levels/update' })).map((d) => [d.status, d.attempts]);
    expect(statuses).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
    ]);
  });

  test("two shops of one account selling the same SKU: its level is the sum of both shops' locations; a revoked shop no longer counts", async () => {
    const account = await makeAccount(app.db.prisma);
    const { cookie } = await signedInUser(app, account.id, 'owner');
    const connect = async (seed: number) => {
      const shop = newShop();
      const store = sim.addStore(shop, { seed, orders: 5, days: 30 });
      const { callback, stateCookie } = await approve(app, cookie, shop);
      expect((await followCallback(callback, stateCookie)).status).toBe(302);
      return { shop, store };
    };
    const a = await connect(21);
    const b = await connect(22);
    await runSync(account.id);
    // The generated stores name their SKUs alike: pick one both sell.
    const va = a.store.variants.find((x) => b.store.variants.some((y) => y.sku === x.sku))!;
    const vb = b.store.variants.find((y) => y.sku === va.sku)!;
    const total = (v: typeof va) => v.levels.reduce((sum, l) => sum + l.available, 0);
    expect(await stockOf(account.id, va.sku)).toBe(total(va) + total(vb));

    // Shop B's store location changes: only its figure moves, shop A's stock still counts.
    const at = new Date(Date.now() + 60_000);
    setLevel(vb, LOCATIONS[1], 3, at);
    await deliver(
      'inventory_levels/update',
      b.shop,
      inventoryLevelPayload({ inventoryItemId: vb.id, locationId: LOCATIONS[1], available: 3, updatedAt: at.toISOString() }),
    );
    await drain();
    expect(await stockOf(account.id, va.sku)).toBe(total(va) + total(vb));

    // Shop B is disconnected: the next update of shop A counts shop A's locations only.
    const integrationB = (await app.services.integrations.listIntegrations(account.id)).items.find((i) => i.shop === b.shop)!;
    await app.services.integrations.revokeIntegration(account.id, integrationB.id);
    const later = new Date(at.getTime() + 1_000);
    setLevel(va, LOCATIONS[0], 4, later);
    await deliver(
      'inventory_levels/update',
      a.shop,
      inventoryLevelPayload({ inventoryItemId: va.id, locationId: LOCATIONS[0], available: 4, updatedAt: later.toISOString() }),
    );
    await drain();
    expect(await stockOf(account.id, va.sku)).toBe(total(va));
  });
});

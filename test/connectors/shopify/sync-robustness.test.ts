// The Shopify sync where a long run meets Shopify's limits, over real HTTP against the simulator:
// an access token that expires mid-run (its hour passes during a long backfill) is obtained again
// from the token source and the run completes, the integration kept; a token source whose new
// token is refused too revokes the integration as before, after one retry.
import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { ShopifyTokenSource } from '../../../src/connectors/shopify/index.ts';
import { expectedTotals, syncSuite, type ShopFixture } from './sync-helpers.ts';

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
});

// The dashboard's GraphQL surface of the Shopify connector over real HTTP, on both databases,
// against the whole simulator (OAuth and Admin GraphQL on one server): startShopifyInstall answers
// the install route (which sets the state cookie and goes on to the shop's authorize page);
// disconnectIntegration revokes (reason manual, integration.revoked) and deletes the tokens;
// resyncIntegration runs the backfill again without counting anything twice. Each refusal (a bad
// shop, a member, an API key, a revoked or another account's integration, a forged id) is a clear
// answer that changes nothing. resyncIntegration has a field limit (5 a minute per caller).
import { jest } from '@jest/globals';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestApp } from '../../helpers/app.ts';
import { sessionGraphql, signedInUser } from '../../helpers/dashboard.ts';
import { makeKey } from '../../factories/keys.ts';
import { gql } from '../../graphql/helpers.ts';
import type { FullShopifySimulator } from '../../simulators/shopify/full.ts';
import { toGlobalId } from '../../../src/graphql/global-id.ts';
import { approve, dashboardShopifySuite, followCallback, newShop } from './helpers.ts';

jest.setTimeout(180_000);

const INTEGRATION = `id shop status revokedAt syncStatus { phase progress { records percent } lastError }`;
const START = `mutation($shop: String!) { startShopifyInstall(input: { shop: $shop }) { shop installUrl userErrors { field code message } } }`;
const DISCONNECT = `mutation($id: ID!) { disconnectIntegration(input: { id: $id }) { integration { ${INTEGRATION} } userErrors { field code message } } }`;
const RESYNC = `mutation($id: ID!) { resyncIntegration(input: { id: $id }) { integration { ${INTEGRATION} } userErrors { field code message } } }`;
const LIST = `{ integrations { nodes { ${INTEGRATION} } } }`;

describeEachDatabase('shopify dashboard mutations', (target) => {
  const suite = dashboardShopifySuite(target);
  const { owner, runSync } = suite;
  let app: TestApp;
  let sim: FullShopifySimulator;
  beforeAll(() => {
    ({ app, sim } = suite);
  });

  const events = async (accountId: string) =>
    (await app.services.events.listForAccount(accountId)).filter((e) => e.name.startsWith('integration.')).map((e) => [e.name, e.data]);
  const credential = (integrationId: number) => app.db.prisma.integrationCredential.findUnique({ where: { integrationId } });
  const orderCount = (accountId: string) => app.db.prisma.order.count({ where: { accountId } });
  /** An owner with a generated store connected through the mutation's install URL and the OAuth round trip. */
  async function connected(orders = 40) {
    const who = await owner();
    const shop = newShop();
    const store = sim.addStore(shop, { seed: 3, orders, days: 120 });
    const started = await sessionGraphql(app, who.cookie, START, { shop: shop.replace(/^store/, 'STORE') });
    expect(started.data.startShopifyInstall).toEqual({ shop, installUrl: `/integrations/shopify/install?shop=${shop}`, userErrors: [] });
    const { callback, stateCookie } = await approve(app, who.cookie, shop);
    expect((await followCallback(callback, stateCookie)).status).toBe(302);
    const [integration] = (await app.services.integrations.listIntegrations(who.accountId)).items;
    return { ...who, shop, store, integrationId: integration!.id, id: toGlobalId('Integration', integration!.id) };
  }

  test('startShopifyInstall validates the shop as the install route does, for an owner session only; it creates no state itself', async () => {
    const { accountId, cookie } = await owner();
    const states = () => app.db.prisma.oAuthState.count({ where: { accountId } });
    for (const bad of ['not a shop', 'evil.com', 'shop.myshopify.com.evil.com', '-x.myshopify.com', '']) {
      const answer = await sessionGraphql(app, cookie, START, { shop: bad });
      expect(answer.data.startShopifyInstall).toEqual({
        shop: null,
        installUrl: null,
        userErrors: [{ field: ['input', 'shop'], code: 'invalid_parameter', message: expect.stringContaining('shop domain') }],
      });
    }
    expect(await states()).toBe(0);
    const shop = newShop();
    const good = await sessionGraphql(app, cookie, START, { shop });
    expect(good.data.startShopifyInstall.installUrl).toBe(`/integrations/shopify/install?shop=${shop}`);
    expect(await states()).toBe(0);
    // The URL is the install route: it binds the state to this user and browser and redirects to the shop.
    const install = await fetch(`${app.url}${good.data.startShopifyInstall.installUrl}`, { headers: { cookie }, redirect: 'manual' });
    expect(install.status).toBe(302);
    expect(new URL(install.headers.get('location')!).pathname).toBe(`/${shop}/admin/oauth/authorize`);
    expect(await states()).toBe(1);

    const member = await signedInUser(app, accountId, 'member');
    expect((await sessionGraphql(app, member.cookie, START, { shop })).errors[0].extensions.code).toBe('owner_required');
    const key = await makeKey(app.db.prisma, accountId);
    const byKey = await gql(app, key, START, { shop });
    expect(byKey.body.errors[0].extensions.code).toBe('session_required');
    expect(await states()).toBe(1);
  });

  test('a connected store backfills; resyncIntegration runs it again and counts nothing twice', async () => {
    const c = await connected();
    await runSync(c.accountId);
    const synced = (await sessionGraphql(app, c.cookie, LIST)).data.integrations.nodes;
    expect(synced).toEqual([
      expect.objectContaining({ id: c.id, status: 'connected', syncStatus: expect.objectContaining({ phase: 'SYNCED', lastError: null }) }),
    ]);
    expect(synced[0].syncStatus.progress.percent).toBe(100);
    const orders = await orderCount(c.accountId);
    // Shopify's test orders are left out (docs/connectors/shopify-sync.md).
    expect(orders).toBe(c.store.orders.filter((o) => !o.test).length);

    const answer = await sessionGraphql(app, c.cookie, RESYNC, { id: c.id });
    expect(answer.data.resyncIntegration.userErrors).toEqual([]);
    const after = (await sessionGraphql(app, c.cookie, LIST)).data.integrations.nodes[0];
    expect(after.syncStatus.phase).not.toBe('SYNCED');
    // Queued at once for a worker.
    expect(await app.db.prisma.jobQueue.count({ where: { accountKey: c.accountId, job: 'shopify-sync', state: 'queued' } })).toBe(1);
    await runSync(c.accountId);
    const again = (await sessionGraphql(app, c.cookie, LIST)).data.integrations.nodes[0];
    expect(again.syncStatus).toMatchObject({ phase: 'SYNCED', progress: { percent: 100 }, lastError: null });
    expect(await orderCount(c.accountId)).toBe(orders);
  });

  test('resyncIntegration is limited to 5 calls a minute per caller: the 6th is rate_limit_exceeded and changes nothing', async () => {
    const c = await connected(5);
    await runSync(c.accountId);
    const queued = () => app.db.prisma.jobQueue.count({ where: { accountKey: c.accountId, job: 'shopify-sync', state: 'queued' } });
    expect(await queued()).toBe(0);
    // Every call counts, answered or not: five back to back (an id of no integration: not_found each).
    const missing = toGlobalId('Integration', 2_000_000_000);
    for (let i = 0; i < 5; i++) {
      const answer = await sessionGraphql(app, c.cookie, RESYNC, { id: missing });
      expect(answer.data.resyncIntegration.userErrors).toEqual([expect.objectContaining({ code: 'not_found' })]);
    }
    const refused = await sessionGraphql(app, c.cookie, RESYNC, { id: c.id });
    expect(refused.data.resyncIntegration).toBeNull();
    expect(refused.errors).toEqual([
      expect.objectContaining({ message: 'resyncIntegration: at most 5 calls per 60 s', extensions: expect.objectContaining({ code: 'rate_limit_exceeded' }) }),
    ]);
    expect(await queued()).toBe(0);
    expect((await sessionGraphql(app, c.cookie, LIST)).data.integrations.nodes[0].syncStatus.phase).toBe('SYNCED');
  });

  test('disconnectIntegration revokes (manual, integration.revoked) and deletes the tokens; again, or another account, changes nothing', async () => {
    const c = await connected(5);
    expect(await credential(c.integrationId)).not.toBeNull();
    const other = await owner();
    const foreign = await sessionGraphql(app, other.cookie, DISCONNECT, { id: c.id });
    expect(foreign.data.disconnectIntegration).toEqual({ integration: null, userErrors: [expect.objectContaining({ code: 'not_found' })] });
    expect((await sessionGraphql(app, other.cookie, RESYNC, { id: c.id })).data.resyncIntegration.userErrors[0].code).toBe('not_found');
    const forged = await sessionGraphql(app, c.cookie, DISCONNECT, { id: 'not-an-id' });
    expect(forged.data?.disconnectIntegration?.userErrors?.[0]?.code ?? forged.errors?.[0]?.extensions?.code).toMatch(/invalid|not_found/);
    const member = await signedInUser(app, c.accountId, 'member');
    expect((await sessionGraphql(app, member.cookie, DISCONNECT, { id: c.id })).errors[0].extensions.code).toBe('owner_required');
    expect(await credential(c.integrationId)).not.toBeNull();

    const done = await sessionGraphql(app, c.cookie, DISCONNECT, { id: c.id });
    expect(done.data.disconnectIntegration).toMatchObject({ integration: { id: c.id, status: 'revoked' }, userErrors: [] });
    expect(done.data.disconnectIntegration.integration.revokedAt).not.toBeNull();
    expect(await credential(c.integrationId)).toBeNull();
    expect(await events(c.accountId)).toEqual([
      ['integration.connected', { provider: 'shopify', shop: c.shop }],
      ['integration.revoked', { provider: 'shopify', store_id: c.integrationId, reason: 'manual' }],
    ]);

    const twice = await sessionGraphql(app, c.cookie, DISCONNECT, { id: c.id });
    expect(twice.data.disconnectIntegration.userErrors).toEqual([expect.objectContaining({ code: 'conflict' })]);
    expect((await sessionGraphql(app, c.cookie, RESYNC, { id: c.id })).data.resyncIntegration.userErrors).toEqual([
      expect.objectContaining({ code: 'conflict' }),
    ]);
    expect(await events(c.accountId)).toHaveLength(2);
    expect(await events(other.accountId)).toEqual([]);
  });
});

// The Shopify install over real HTTP against the simulator, on both databases: from a dashboard
// session to a stored sealed token and a connected integration (integration.connected); every
// rejection (bad shop, bad or missing hmac, wrong, reused or another browser's state, an old
// timestamp, a narrower grant, not signed in, a member, a shop held by another account), each
// changing nothing; tokens refreshed before expiry with rotation, one refresh at a time even from
// two service instances; a refused refresh revoking the integration (token_expired).
import { jest } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { dashboardEnv, signedInUser } from '../../helpers/dashboard.ts';
import { makeAccount } from '../../factories/index.ts';
import { startShopifySimulator, type ShopifySimulator } from '../../simulators/shopify/index.ts';
import { customerPayload, webhookSender } from '../../simulators/shopify/webhooks.ts';
import { buildServices } from '../../../src/services.ts';
import { shopifyAccess } from '../../../src/connectors/shopify/index.ts';
import { callbackHmac, verifyCallbackHmac } from '../../../src/connectors/shopify/verify.ts';
import { parseSecretKey, secretBox } from '../../../src/domain/webhooks/secret-box.ts';
import { API_KEY, API_SECRET, SECRET_KEY, approve, errorOf, followCallback, newShop, resigned, shopifyEnv } from './helpers.ts';

jest.setTimeout(180_000);

test('the callback hmac follows Shopify: the documented fixture verifies', () => {
  // hexdocs.pm/exshopify Shopify.HMAC: this query with the secret "hush".
  const query = { code: '0907a61c0c8d55e99db179b68161bc00', shop: 'some-shop.myshopify.com', timestamp: '1337178173' };
  const hmac = callbackHmac(query, 'hush');
  expect(hmac.startsWith('4712bf92') && hmac.endsWith('4d20')).toBe(true);
  expect(verifyCallbackHmac({ ...query, hmac }, 'hush')).toBe(true);
  expect(verifyCallbackHmac({ ...query, hmac: hmac.replace(/^./, hmac[0] === '0' ? '1' : '0') }, 'hush')).toBe(false);
});

describeEachDatabase('shopify install', (target) => {
  let database: TestDatabase;
  let sim: ShopifySimulator;
  let app: TestApp;

  beforeAll(async () => {
    database = await target.create();
    sim = await startShopifySimulator({ apiKey: API_KEY, apiSecret: API_SECRET });
    app = await startTestApp(database, { ...dashboardEnv(), ...shopifyEnv(sim.baseUrlTemplate) });
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
    await database?.close();
  });

  const integrationsOf = async (accountId: string) => (await app.services.integrations.listIntegrations(accountId)).items;
  const events = async (accountId: string) =>
    (await app.services.events.listForAccount(accountId)).filter((e) => e.name.startsWith('integration.')).map((e) => [e.name, e.data]);
  const owner = async () => {
    const account = await makeAccount(app.db.prisma);
    return { accountId: account.id, ...(await signedInUser(app, account.id, 'owner')) };
  };
  const storedCredential = (integrationId: number) => app.db.prisma.integrationCredential.findUnique({ where: { integrationId } });
  /** A store connected with a token of 60 s (within the refresh margin from the start), and the refreshes counted so far. */
  const connectExpiring = async () => {
    const { cookie } = await owner();
    const shop = newShop();
    sim.oauth.setAccessTtl(60);
    const { callback, stateCookie } = await approve(app, cookie, shop);
    expect((await followCallback(callback, stateCookie)).status).toBe(302);
    sim.oauth.setAccessTtl(3600);
    const integration = (await app.services.connections.integrationForShop('shopify', shop))!;
    return { shop, integration, refreshes: sim.oauth.counts.refreshes };
  };

  test('the whole install: dashboard session -> authorize -> callback -> a connected integration with its token sealed', async () => {
    const { accountId, cookie } = await owner();
    const shop = newShop();
    const { callback, stateCookie } = await approve(app, cookie, shop);
    const done = await followCallback(callback, stateCookie);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`/dashboard/integrations?connected=shopify&shop=${encodeURIComponent(shop)}`);
    // The state cookie is cleared.
    expect(done.headers.get('set-cookie')).toMatch(/^svc_shopify_state=; .*Max-Age=0/);

    const [integration] = await integrationsOf(accountId);
    expect(integration).toMatchObject({ provider: 'shopify', shop, status: 'never_synced', revokedAt: null });
    expect(integration!.scopes.sort()).toEqual(['read_customers', 'read_inventory', 'read_orders', 'read_products']);
    expect(await events(accountId)).toEqual([['integration.connected', { provider: 'shopify', shop }]]);

    // Sealed at rest: AES-GCM under WEBHOOK_SECRET_KEY; it opens to a live token of the shop.
    const row = (await storedCredential(integration!.id))!;
    expect(row.accessToken.startsWith('enc:v1:')).toBe(true);
    expect(row.refreshToken!.startsWith('enc:v1:')).toBe(true);
    const opened = secretBox(parseSecretKey(SECRET_KEY)).open(row.accessToken);
    expect(row.accessToken).not.toContain(opened);
    expect(sim.oauth.accessTokenValid(shop, opened)).toBe(true);
    expect(await shopifyAccess(app, integration!.id)).toEqual({ shop, accessToken: opened });
    // The token is not in the integration's answers.
    expect(JSON.stringify(await integrationsOf(accountId))).not.toContain(opened);
  });

  test('install refusals: not signed in, a member, a shop that is not a shop', async () => {
    const { accountId, cookie } = await owner();
    const anonymous = await fetch(`${app.url}/integrations/shopify/install?shop=${newShop()}`, { redirect: 'manual' });
    expect(await errorOf(anonymous)).toEqual({ status: 401, error: 'not_signed_in' });
    const member = await signedInUser(app, accountId, 'member');
    const byMember = await fetch(`${app.url}/integrations/shopify/install?shop=${newShop()}`, { headers: { cookie: member.cookie }, redirect: 'manual' });
    expect(await errorOf(byMember)).toEqual({ status: 403, error: 'owner_required' });
    for (const shop of ['evil.com', 'a.myshopify.com.evil.com', '-a.myshopify.com', 'a_b.myshopify.com', '', 'x'.repeat(300) + '.myshopify.com']) {
      const res = await fetch(`${app.url}/integrations/shopify/install?shop=${encodeURIComponent(shop)}`, { headers: { cookie }, redirect: 'manual' });
      expect(await errorOf(res)).toEqual({ status: 400, error: 'invalid_parameter', param: 'shop' });
    }
    const noShop = await fetch(`${app.url}/integrations/shopify/install`, { headers: { cookie }, redirect: 'manual' });
    expect(await errorOf(noShop)).toEqual({ status: 400, error: 'invalid_parameter', param: 'shop' });
    expect(await app.db.prisma.oAuthState.count({ where: { accountId } })).toBe(0);
    expect(await integrationsOf(accountId)).toEqual([]);
  });

  test('callback refusals: bad or missing hmac, wrong state, old timestamp, another shop: each 4xx, nothing connected', async () => {
    const { accountId, cookie } = await owner();
    const shop = newShop();
    const { callback, stateCookie } = await approve(app, cookie, shop);
    const exchangesBefore = sim.oauth.counts.exchanges;

    const forged = new URL(callback);
    forged.searchParams.set(
      'hmac',
      callback.searchParams.get('hmac')!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    expect(await errorOf(await followCallback(forged, stateCookie))).toEqual({ status: 401, error: 'invalid_signature' });
    const unsigned = new URL(callback);
    unsigned.searchParams.delete('hmac');
    expect(await errorOf(await followCallback(unsigned, stateCookie))).toEqual({ status: 401, error: 'invalid_signature' });
    // Signed with another app's secret.
    expect(await errorOf(await followCallback(resigned(callback, {}, 'another-secret'), stateCookie))).toEqual({ status: 401, error: 'invalid_signature' });
    // A parameter changed after signing.
    const tampered = new URL(callback);
    tampered.searchParams.set('code', 'abc');
    expect(await errorOf(await followCallback(tampered, stateCookie))).toEqual({ status: 401, error: 'invalid_signature' });

    const old = resigned(callback, { timestamp: String(Math.floor(Date.now() / 1000) - 600) });
    expect(await errorOf(await followCallback(old, stateCookie))).toEqual({ status: 400, error: 'invalid_parameter', param: 'timestamp' });
    const wrongState = resigned(callback, { state: 'not-the-state' });
    expect(await errorOf(await followCallback(wrongState, stateCookie))).toEqual({ status: 400, error: 'invalid_parameter', param: 'state' });
    expect(await errorOf(await followCallback(wrongState, 'svc_shopify_state=not-the-state'))).toEqual({
      status: 400,
      error: 'invalid_parameter',
      param: 'state',
    });
    // The right state without this browser's cookie.
    expect(await errorOf(await followCallback(callback, ''))).toEqual({ status: 400, error: 'invalid_parameter', param: 'state' });
    const badShop = resigned(callback, { shop: 'evil.com' });
    expect(await errorOf(await followCallback(badShop, stateCookie))).toEqual({ status: 400, error: 'invalid_parameter', param: 'shop' });

    expect(sim.oauth.counts.exchanges).toBe(exchangesBefore);
    expect(await integrationsOf(accountId)).toEqual([]);
    expect(await events(accountId)).toEqual([]);

    // The untouched callback still works once; replayed, its state is used.
    expect((await followCallback(callback, stateCookie)).status).toBe(302);
    expect(await errorOf(await followCallback(callback, stateCookie))).toEqual({ status: 400, error: 'invalid_parameter', param: 'state' });
    expect((await integrationsOf(accountId)).length).toBe(1);
    expect(sim.oauth.counts.exchanges).toBe(exchangesBefore + 1);
  });

  test("another account's state: a callback carrying it in another browser is refused; its shop is not connected to either", async () => {
    const a = await owner();
    const b = await owner();
    const shopA = newShop();
    const approvedA = await approve(app, a.cookie, shopA);
    const approvedB = await approve(app, b.cookie, newShop());
    // B's browser (B's state cookie) follows A's callback.
    expect(await errorOf(await followCallback(approvedA.callback, approvedB.stateCookie))).toEqual({ status: 400, error: 'invalid_parameter', param: 'state' });
    // A's state signed into a callback for B's browser with B's cookie: still not B's.
    const crossed = resigned(approvedB.callback, { state: approvedA.callback.searchParams.get('state')! });
    expect(await errorOf(await followCallback(crossed, approvedB.stateCookie))).toEqual({ status: 400, error: 'invalid_parameter', param: 'state' });
    expect(await integrationsOf(a.accountId)).toEqual([]);
    expect(await integrationsOf(b.accountId)).toEqual([]);
    // A's own browser completes A's install, into A's account only.
    expect((await followCallback(approvedA.callback, approvedA.stateCookie)).status).toBe(302);
    expect((await integrationsOf(a.accountId)).map((i) => i.shop)).toEqual([shopA]);
    expect(await integrationsOf(b.accountId)).toEqual([]);

    // B cannot connect A's shop while A holds it.
    const again = await approve(app, b.cookie, shopA);
    expect(await errorOf(await followCallback(again.callback, again.stateCookie))).toEqual({ status: 409, error: 'conflict' });
    expect(await integrationsOf(b.accountId)).toEqual([]);
  });

  test('a narrower grant than the configured scopes is refused and stores nothing', async () => {
    const { accountId, cookie } = await owner();
    const shop = newShop();
    sim.oauth.grantOnly(shop, ['read_orders', 'read_products']);
    const { callback, stateCookie } = await approve(app, cookie, shop);
    const res = await followCallback(callback, stateCookie);
    const body = (await res.json()) as { error: string; param: string; message: string };
    expect([res.status, body.error, body.param]).toEqual([400, 'invalid_parameter', 'scope']);
    expect(body.message).toContain('read_customers, read_inventory');
    expect(await integrationsOf(accountId)).toEqual([]);
    expect(await app.db.prisma.integrationCredential.count({ where: { integration: { shop } } })).toBe(0);
    // write_ scopes imply their reads.
    sim.oauth.grantOnly(shop, ['write_orders', 'read_customers', 'write_products', 'write_inventory']);
    const retry = await approve(app, cookie, shop);
    expect((await followCallback(retry.callback, retry.stateCookie)).status).toBe(302);
    expect((await integrationsOf(accountId)).length).toBe(1);
  });

  test('refresh before expiry: rotated, one refresh for many callers across two service instances; a refused refresh revokes', async () => {
    const { accountId, cookie } = await owner();
    const shop = newShop();
    // Tokens of 60 s: within the refresh margin from the start.
    sim.oauth.setAccessTtl(60);
    const { callback, stateCookie } = await approve(app, cookie, shop);
    expect((await followCallback(callback, stateCookie)).status).toBe(302);
    sim.oauth.setAccessTtl(3600);
    const [integration] = await integrationsOf(accountId);
    const box = secretBox(parseSecretKey(SECRET_KEY));
    const before = (await storedCredential(integration!.id))!;
    const oldAccess = box.open(before.accessToken);
    const oldRefresh = box.open(before.refreshToken!);

    const other = { config: app.config, services: buildServices(app.config, app.db) };
    const refreshes = sim.oauth.counts.refreshes;
    const results = await Promise.all([
      shopifyAccess(app, integration!.id),
      shopifyAccess(app, integration!.id),
      shopifyAccess(other, integration!.id),
      shopifyAccess(app, integration!.id),
      shopifyAccess(other, integration!.id),
    ]);
    expect(sim.oauth.counts.refreshes).toBe(refreshes + 1);
    const fresh = results[0]!.accessToken;
    expect(fresh).not.toBe(oldAccess);
    expect(results.every((r) => r.accessToken === fresh && r.shop === shop)).toBe(true);
    expect(sim.oauth.accessTokenValid(shop, fresh)).toBe(true);
    const after = (await storedCredential(integration!.id))!;
    expect(box.open(after.accessToken)).toBe(fresh);
    expect(box.open(after.refreshToken!)).not.toBe(oldRefresh);
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // Valid for long now: no further refresh.
    await shopifyAccess(app, integration!.id);
    expect(sim.oauth.counts.refreshes).toBe(refreshes + 1);
    await other.services.auth.close();

    // The token nears its expiry while Shopify rate-limits (429) or fails (503): an error to retry,
    // not a refusal; the integration and its tokens stay, and the next call refreshes.
    const kept = (await storedCredential(integration!.id))!;
    await app.db.prisma.integrationCredential.update({ where: { integrationId: integration!.id }, data: { accessExpiresAt: new Date(Date.now() + 60_000) } });
    for (const status of [429, 503]) {
      sim.oauth.failTokenRequests(shop, status, 1);
      await expect(shopifyAccess(app, integration!.id)).rejects.toThrow(String(status));
      expect((await integrationsOf(accountId))[0]).toMatchObject({ status: 'never_synced' });
      expect(box.open((await storedCredential(integration!.id))!.refreshToken!)).toBe(box.open(kept.refreshToken!));
    }
    expect((await shopifyAccess(app, integration!.id)).accessToken).not.toBe(fresh);
    expect(sim.oauth.counts.refreshes).toBe(refreshes + 2);

    // The merchant revoked the app; the token nears its expiry: the refresh is refused.
    sim.oauth.revoke(shop);
    await app.db.prisma.integrationCredential.update({ where: { integrationId: integration!.id }, data: { accessExpiresAt: new Date(Date.now() + 60_000) } });
    await expect(shopifyAccess(app, integration!.id)).rejects.toMatchObject({ code: 'conflict' });
    expect((await integrationsOf(accountId))[0]).toMatchObject({ status: 'revoked' });
    expect(await events(accountId)).toEqual([
      ['integration.connected', { provider: 'shopify', shop }],
      ['integration.revoked', { provider: 'shopify', store_id: integration!.id, reason: 'token_expired' }],
    ]);
    expect(await storedCredential(integration!.id)).toBeNull();
    await expect(shopifyAccess(app, integration!.id)).rejects.toMatchObject({ code: 'conflict' });
  });

  test('while Shopify is slow to answer a refresh, the database is not held: webhooks are received, the credentials row is free', async () => {
    const { shop, integration, refreshes } = await connectExpiring();

    const slow = sim.oauth.holdTokenRequest(shop);
    const refreshing = shopifyAccess(app, integration.id);
    await slow.arrived;
    // Shopify has the refresh request and has not answered. Before the lease, the refresh held the
    // credentials row locked in a transaction here: on the embedded database (one session) every
    // other statement waited for Shopify, and on PostgreSQL the row was locked.
    const sender = webhookSender(`${app.url}/integrations/shopify/webhooks`, API_SECRET);
    const delivery = sender.make(
      'customers/update',
      shop,
      customerPayload({
        id: 9_100_001,
        email: 'slow@example.test',
        first_name: 'S',
        last_name: 'Low',
        country_code: 'US',
        updated_at: new Date().toISOString(),
      }),
    );
    expect((await sender.send(delivery)).status).toBe(200);
    const locked = await app.db.prisma.$transaction(
      (tx) =>
        tx.$queryRaw<Array<{ lease: string | null }>>`
        SELECT refresh_lease_token AS lease FROM integration_credentials WHERE integration_id = ${integration.id} FOR UPDATE NOWAIT`,
    );
    expect(locked).toHaveLength(1);
    expect(locked[0]!.lease).toEqual(expect.any(String));
    slow.release();

    const fresh = await refreshing;
    expect(sim.oauth.counts.refreshes).toBe(refreshes + 1);
    expect(sim.oauth.accessTokenValid(shop, fresh.accessToken)).toBe(true);
    const after = (await storedCredential(integration.id))!;
    expect(after).toMatchObject({ refreshLeaseToken: null, refreshLeaseUntil: null });
    expect(secretBox(parseSecretKey(SECRET_KEY)).open(after.accessToken)).toBe(fresh.accessToken);
  });

  test('a refresh lease whose holder died lapses: the next caller claims it and refreshes; a live lease is waited on', async () => {
    const { shop, integration, refreshes } = await connectExpiring();

    // A process claimed the refresh and died: its lease ran out a second ago.
    await app.db.prisma.integrationCredential.update({
      where: { integrationId: integration.id },
      data: { refreshLeaseToken: 'dead-process', refreshLeaseUntil: new Date(Date.now() - 1000) },
    });
    const fresh = await shopifyAccess(app, integration.id);
    expect(sim.oauth.counts.refreshes).toBe(refreshes + 1);
    expect(sim.oauth.accessTokenValid(shop, fresh.accessToken)).toBe(true);

    // Another process holds a live lease and stores its tokens: a caller waits for them and asks Shopify nothing.
    await app.db.prisma.integrationCredential.update({
      where: { integrationId: integration.id },
      data: { accessExpiresAt: new Date(Date.now() + 60_000), refreshLeaseToken: 'other-process', refreshLeaseUntil: new Date(Date.now() + 3_600_000) },
    });
    const waiting = shopifyAccess(app, integration.id);
    const box = secretBox(parseSecretKey(SECRET_KEY));
    await app.db.prisma.integrationCredential.update({
      where: { integrationId: integration.id },
      data: {
        accessToken: box.seal('shpat_from_the_other_process'),
        accessExpiresAt: new Date(Date.now() + 3_600_000),
        refreshLeaseToken: null,
        refreshLeaseUntil: null,
      },
    });
    expect((await waiting).accessToken).toBe('shpat_from_the_other_process');
    expect(sim.oauth.counts.refreshes).toBe(refreshes + 1);
  });
});

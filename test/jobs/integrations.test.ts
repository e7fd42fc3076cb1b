// Integration transitions (rest-api-v1.md "Integration status"): connect (integration.connected),
// a completed sync (connected, no event), the integrations-staleness job (connected → stale with
// integration.disconnected; expired tokens revoked), and the revoke paths (integration.revoked).
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices, type Services } from '../../src/services.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { integrationsStalenessJob } from '../../src/jobs/integrations-staleness.job.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';

const HOUR = 3_600_000;
const T0 = new Date('2026-06-15T16:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

describeEachDatabase('integrations transitions and integrations-staleness', (target) => {
  let database: TestDatabase;
  let db: Database;
  let services: Services;

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 5 });
    services = buildServices(testConfig(), db);
  });
  afterAll(async () => {
    await db.close();
    await database.close();
  });

  const events = async (accountId: string) =>
    (await services.events.listForAccount(accountId)).filter((e) => e.name.startsWith('integration.')).map((e) => [e.name, e.data]);
  const stored = (id: number) => db.prisma.integration.findUniqueOrThrow({ where: { id } });
  const statusOf = async (accountId: string, id: number, now: Date) =>
    (await services.integrations.listIntegrations(accountId, now)).items.find((i) => i.id === id)!.status;

  test('two connects of one shop at once (two callbacks): both succeed, one integration, each announced', async () => {
    const { id: accountId } = await makeAccount(db.prisma);
    const input = { provider: 'shopify', shop: 'twice.myshopify.com', scopes: ['read_orders'] };
    // Several rounds: on PostgreSQL both transactions can find no row and insert; the loser retries.
    for (let round = 0; round < 5; round++) {
      const rows = await Promise.all([services.integrations.connectIntegration(accountId, input), services.integrations.connectIntegration(accountId, input)]);
      expect(rows[0].id).toBe(rows[1].id);
      await db.prisma.integration.deleteMany({ where: { accountId } });
    }
    expect((await events(accountId)).filter(([name]) => name === 'integration.connected')).toHaveLength(10);
  });

  test('connect → never_synced → sync → connected → 24 h without a sync → stale (once) → sync → connected', async () => {
    const { id: accountId } = await makeAccount(db.prisma);
    const shop = await services.integrations.connectIntegration(accountId, { provider: 'shopify', shop: 'a.myshopify.com', scopes: ['read_orders'] }, T0);
    expect(await events(accountId)).toEqual([['integration.connected', { provider: 'shopify', shop: 'a.myshopify.com' }]]);
    expect((await stored(shop.id)).status).toBe('never_synced');
    expect(await statusOf(accountId, shop.id, T0)).toBe('never_synced');

    await services.integrations.recordSync(accountId, shop.id, at(1));
    expect((await stored(shop.id)).status).toBe('connected');
    // 24 hours after the sync exactly: still connected.
    expect(await services.integrations.checkStaleness(accountId, at(25))).toBe(0);
    expect(await services.integrations.checkStaleness(accountId, at(25.01))).toBe(1);
    expect(await services.integrations.checkStaleness(accountId, at(26))).toBe(0);
    expect((await stored(shop.id)).status).toBe('stale');
    expect(await statusOf(accountId, shop.id, at(26))).toBe('stale');
    expect((await events(accountId)).slice(1)).toEqual([
      ['integration.disconnected', { provider: 'shopify', store_id: shop.id, shop: 'a.myshopify.com', last_sync_at: at(1).toISOString(), reason: 'stale' }],
    ]);

    // A completed sync makes it connected again, without an event.
    await services.integrations.recordSync(accountId, shop.id, at(27));
    expect((await stored(shop.id)).status).toBe('connected');
    expect(await statusOf(accountId, shop.id, at(27))).toBe('connected');
    expect(await events(accountId)).toHaveLength(2);
  });

  test('never synced stays never_synced (no disconnected event); an expired token revokes (token_expired)', async () => {
    const { id: accountId } = await makeAccount(db.prisma);
    const ads = await services.integrations.connectIntegration(
      accountId,
      { provider: 'meta-ads', shop: 'act_1', scopes: ['ads_read'], tokenExpiresAt: at(30) },
      T0,
    );
    expect(await services.integrations.checkStaleness(accountId, at(29))).toBe(0);
    expect((await stored(ads.id)).status).toBe('never_synced');
    expect(await services.integrations.checkStaleness(accountId, at(30))).toBe(1);
    expect(await services.integrations.checkStaleness(accountId, at(31))).toBe(0);
    expect(await stored(ads.id)).toMatchObject({ status: 'revoked', revokeReason: 'token_expired', revokedAt: at(30) });
    expect((await events(accountId)).slice(1)).toEqual([['integration.revoked', { provider: 'meta-ads', store_id: ads.id, reason: 'token_expired' }]]);
  });

  test('manual revoke and uninstall notice: revoked_at, reason, one event each; a second revoke changes nothing', async () => {
    const { id: accountId } = await makeAccount(db.prisma);
    const a = await services.integrations.connectIntegration(accountId, { provider: 'shopify', shop: 'one.myshopify.com', scopes: [] }, T0);
    const b = await services.integrations.connectIntegration(accountId, { provider: 'woo-commerce', shop: 'two.example', scopes: [] }, T0);
    expect(await services.integrations.revokeIntegration(accountId, a.id, at(1))).toEqual({ id: a.id, revoked: true });
    expect(await services.integrations.revokeIntegration(accountId, a.id, at(2))).toEqual({ id: a.id, revoked: false });
    expect(await services.integrations.handleUninstall(accountId, 'woo-commerce', 'two.example', at(3))).toEqual({ id: b.id, revoked: true });
    expect(await stored(a.id)).toMatchObject({ status: 'revoked', revokeReason: 'manual', revokedAt: at(1) });
    expect(await stored(b.id)).toMatchObject({ status: 'revoked', revokeReason: 'app_uninstalled', revokedAt: at(3) });
    expect((await events(accountId)).slice(2)).toEqual([
      ['integration.revoked', { provider: 'shopify', store_id: a.id, reason: 'manual' }],
      ['integration.revoked', { provider: 'woo-commerce', store_id: b.id, reason: 'app_uninstalled' }],
    ]);
    expect(await statusOf(accountId, a.id, at(4))).toBe('revoked');

    // A sync of a revoked integration is refused; another account's id is not found; nothing changes.
    await expect(services.integrations.recordSync(accountId, a.id, at(4))).rejects.toMatchObject({ code: 'conflict' });
    const other = await makeAccount(db.prisma);
    await expect(services.integrations.revokeIntegration(other.id, b.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(services.integrations.recordSync(other.id, b.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(services.integrations.handleUninstall(other.id, 'woo-commerce', 'two.example')).rejects.toMatchObject({ code: 'not_found' });
    expect(await stored(b.id)).toMatchObject({ status: 'revoked', lastSyncAt: null });
    expect(await events(other.id)).toEqual([]);

    // Connecting again (a new OAuth callback) clears the revocation: never_synced, one event.
    await services.integrations.connectIntegration(accountId, { provider: 'shopify', shop: 'one.myshopify.com', scopes: ['read_orders'] }, at(5));
    expect(await stored(a.id)).toMatchObject({ status: 'never_synced', revokedAt: null, revokeReason: null, connectedAt: at(5), scopes: ['read_orders'] });
    expect((await events(accountId)).at(-1)).toEqual(['integration.connected', { provider: 'shopify', shop: 'one.myshopify.com' }]);
  });

  test('two concurrent sweeps turn an integration stale once (service and runner)', async () => {
    const { id: accountId } = await makeAccount(db.prisma);
    const i = await services.integrations.connectIntegration(accountId, { provider: 'stripe', shop: 'acct_1', scopes: [] }, T0);
    await services.integrations.recordSync(accountId, i.id, T0);
    const [x, y] = await Promise.all([services.integrations.checkStaleness(accountId, at(30)), services.integrations.checkStaleness(accountId, at(30))]);
    expect(x + y).toBe(1);
    expect((await events(accountId)).filter(([name]) => name === 'integration.disconnected')).toHaveLength(1);

    const other = await makeAccount(db.prisma);
    const j = await services.integrations.connectIntegration(other.id, { provider: 'stripe', shop: 'acct_2', scopes: [] }, T0);
    await services.integrations.recordSync(other.id, j.id, T0);
    const runner = jobRunner({ prisma: db.prisma, services, jobs: [integrationsStalenessJob] });
    const results = await Promise.all([runner.run('integrations-staleness', other.id), runner.run('integrations-staleness', other.id)]);
    expect(results.map((r) => r[0]!.status).sort()).toEqual(['skipped_locked', 'succeeded']);
    expect((await events(other.id)).filter(([name]) => name === 'integration.disconnected')).toHaveLength(1);
  });
});

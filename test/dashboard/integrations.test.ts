// The Integrations page in a real browser (Debian's Chromium through playwright-core), on the
// embedded database (the mutations run on both in test/connectors/shopify/dashboard-mutations.test.ts):
// an owner signs in, opens Integrations, types the simulator's shop and connects; the browser goes
// through the install route, the simulator's authorize page and the callback back to the page,
// which shows the store connected; the shopify-sync job (queued by the callback) backfills it and
// the page's progress reaches done; a webhook whose processing fails is listed under its recent errors. The whole simulator runs in-process (OAuth and Admin GraphQL),
// with SHOPIFY_BASE_URL pointing at it.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { dashboardEnv, signedInUser, TEST_USER_PASSWORD } from '../helpers/dashboard.ts';
import { makeAccount } from '../factories/index.ts';
import { startFullShopifySimulator, type FullShopifySimulator } from '../simulators/shopify/full.ts';
import { API_KEY, API_SECRET, newShop, shopifyEnv, simulatorTunedSync } from '../connectors/shopify/helpers.ts';
import { projectRoot } from '../../src/paths.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { shopifySyncJob } from '../../src/jobs/shopify-sync.job.ts';
import { connectorInboxJob } from '../../src/jobs/connector-inbox.job.ts';
import { inventoryLevelPayload, webhookSender } from '../simulators/shopify/index.ts';
import { BACKFILL_ORDER } from '../../src/connectors/shopify/index.ts';
import { BACKFILL_PREFIX } from '../../src/domain/integrations/index.ts';
import { axeViolations, CHROMIUM } from './browser.ts';

if (!CHROMIUM) console.warn('integrations browser test SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium; .ci/run installs it)');
const browserDescribe = CHROMIUM ? describe : describe.skip;
const ARTIFACTS = path.join(projectRoot, 'test-artifacts', 'dashboard');

browserDescribe('dashboard Integrations page in Chromium', () => {
  let database: TestDatabase;
  let sim: FullShopifySimulator;
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let front: Server;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build-dashboard.mjs'], { cwd: projectRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build-dashboard failed:\n${build.stdout}${build.stderr}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    database = await databaseTargets()[0]!.create();
    sim = await startFullShopifySimulator({ apiKey: API_KEY, apiSecret: API_SECRET });
    // Shopify sends the browser to PUBLIC_URL's callback. The app's port is known once it listens, so
    // PUBLIC_URL is a front on 127.0.0.1 that redirects to it (cookies are per host, not per port).
    front = createServer((req, res) => res.writeHead(302, { location: `${app.url}${req.url ?? '/'}` }).end());
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const publicUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    app = await startTestApp(database, { ...dashboardEnv(), ...shopifyEnv(sim.baseUrlTemplate), PUBLIC_URL: publicUrl, RATE_LIMIT_PER_MINUTE: '100000' });
    browser = await chromium.launch({ executablePath: CHROMIUM });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sim?.close();
    await new Promise((resolve) => front?.close(resolve));
    await database?.close();
  });

  test('connect the simulator store, come back connected, watch the backfill reach done; then disconnect', async () => {
    const account = await makeAccount(app.db.prisma);
    const user = await signedInUser(app, account.id, 'owner');
    const shop = newShop();
    const store = sim.addStore(shop, { seed: 11, orders: 60, days: 90 });

    await page.goto(`${app.url}/dashboard/integrations`);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(TEST_USER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Integrations' }).waitFor();
    await page.getByText('No store is connected yet.').waitFor();

    // A shop that is not a shop: the mutation's user error, nowhere to go.
    await page.getByLabel('Shop domain').fill('evil.example.com');
    await page.getByRole('button', { name: 'Connect Shopify' }).click();
    await page.getByText('shop must be a shop domain').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/integrations');

    // The OAuth round trip: install route -> the simulator's authorize page -> the callback -> back here.
    await page.getByLabel('Shop domain').fill(shop);
    await Promise.all([page.waitForURL(/\/dashboard\/integrations\?connected=shopify/), page.getByRole('button', { name: 'Connect Shopify' }).click()]);
    expect(sim.server.requests.some((r) => r.shop === shop && r.path === '/admin/oauth/authorize')).toBe(true);
    const card = page.getByRole('listitem', { name: shop });
    await card.waitFor();
    await page.getByRole('status').getByText(`Connected ${shop}.`).waitFor();
    expect(await card.getAttribute('data-status')).toBe('never_synced');

    // The callback queued the account's shopify-sync row; a worker runs it (the page keeps polling),
    // with the app's sync polling the simulator's bulk operations every 20 ms rather than every 5 s.
    const services = { ...app.services, shopify: simulatorTunedSync(app) };
    const runner = jobRunner({ prisma: app.db.prisma, services, jobs: [shopifySyncJob], demand: false, retryDelayMs: () => 0 });
    try {
      await runner.drain();
    } finally {
      await runner.stop();
    }
    // The backfill's streams complete before the run's reconciliation and its last_sync_at: a poll
    // in between shows SYNCED still never_synced, and the page keeps polling until it is connected.
    await page.locator(`[aria-label="${shop}"][data-phase="SYNCED"][data-status="connected"]`).waitFor({ timeout: 60_000 });
    await card.getByText('backfill done').waitFor();
    const records = store.orders.filter((o) => !o.test).length + store.customers.length;
    const line = await card.getByLabel('Backfill progress').innerText();
    expect(line).toContain('100%');
    expect(Number(/([\d,]+) records/.exec(line)![1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(records);
    expect(await card.getAttribute('data-status')).toBe('connected');

    // A webhook whose processing fails (a level before its product): listed under the store's recent errors.
    const sender = webhookSender(`${app.url}/integrations/shopify/webhooks`, API_SECRET);
    const level = inventoryLevelPayload({ inventoryItemId: 987_654_321, locationId: 1, available: 2, updatedAt: new Date().toISOString() });
    expect((await sender.send(sender.make('inventory_levels/update', shop, level))).status).toBe(200);
    await connectorInboxJob.run({ services: app.services, accountId: account.id, now: new Date(), signal: new AbortController().signal });
    await page.reload();
    const errors = card.getByRole('list', { name: 'Recent errors' });
    await errors.waitFor();
    const failure = await errors.getByRole('listitem').first().innerText();
    expect(failure).toContain('webhook inventory_levels/update: inventory item 987654321 has no known SKU yet');
    expect(failure).toContain('1 attempt · retry at');
    await page.screenshot({ path: path.join(ARTIFACTS, 'integrations.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // Disconnect: revoked, and the page offers a reconnect.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await page.locator(`[aria-label="${shop}"][data-status="revoked"]`).waitFor();
    await card.getByRole('button', { name: 'Reconnect' }).waitFor();
    expect(await app.db.prisma.integrationCredential.count({ where: { integration: { accountId: account.id } } })).toBe(0);
  });

  test('a backfill done before its first sync run completed: the page keeps reading until the store shows connected', async () => {
    const account = await makeAccount(app.db.prisma);
    const user = await signedInUser(app, account.id, 'owner');
    const shop = newShop();
    const integration = await app.services.integrations.connectIntegration(account.id, { provider: 'shopify', shop, scopes: ['read_orders'] });
    // Every backfill stream completed, the run's last_sync_at not written yet.
    for (const stream of BACKFILL_ORDER)
      await app.services.syncStreams.saveStream(account.id, integration.id, `${BACKFILL_PREFIX}${stream}`, { phase: 'completed', recordsDone: 1 });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
    try {
      const other = await context.newPage();
      await other.goto(`${app.url}/dashboard/integrations`);
      await other.getByLabel('E-mail').fill(user.email);
      await other.getByLabel('Password').fill(TEST_USER_PASSWORD);
      await other.getByRole('button', { name: 'Sign in' }).click();
      await other.locator(`[aria-label="${shop}"][data-phase="SYNCED"][data-status="never_synced"]`).waitFor();
      // The run ends: the page, still polling, shows it connected.
      await app.services.integrations.recordSync(account.id, integration.id, new Date());
      await other.locator(`[aria-label="${shop}"][data-phase="SYNCED"][data-status="connected"]`).waitFor({ timeout: 60_000 });
    } finally {
      await context.close();
    }
  });
});

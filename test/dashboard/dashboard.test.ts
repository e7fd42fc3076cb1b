// The dashboard in a real browser: Debian's Chromium (playwright-core) against the real app over
// real HTTP on the demo store, signed in through /auth/login as an owner made by the users module.
// Checks what a store owner does (overview figures equal to the API's, the monthly chart, a key
// made, used on REST and revoked, a webhook to a local HTTPS receiver with its test delivery in the
// log, an insight resolved, AI paused and generation refused, refunds moved to their own day and
// back), and on every page: no request to another origin, no CSP violation or console error, no
// serious axe-core violation, and a screenshot at 1280 and 390 px under test-artifacts/dashboard/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeInsight } from '../factories/analytics.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver } from '../webhooks/helpers/receiver.ts';
import { createDashboardUser } from '../../src/domain/users/index.ts';
import { appendEvents, domainEvent } from '../../src/domain/events/index.ts';
import { projectRoot } from '../../src/paths.ts';
import { DASHBOARD_CSP } from '../../src/http/dashboard.ts';
import { axeViolations, CHROMIUM, watchedContext, type Watched } from './browser.ts';
import { prepareDemoStore } from './demo-store.ts';
import { shopifyOrdersExport } from '../factories/shopify-export.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';

if (!CHROMIUM) console.warn('dashboard browser test SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium; .ci/run installs it)');
const browserDescribe = CHROMIUM ? describeEachDatabase : (title: string) => describe.skip(title, () => test('skipped', () => undefined));

const ARTIFACTS = path.join(projectRoot, 'test-artifacts', 'dashboard');
const DOCS_SCREENSHOT = path.join(projectRoot, 'docs', 'images', 'dashboard-overview.png');
const EMAIL = 'owner@store.example';
const PASSWORD = 'a long owner passphrase';
/** The routes the every-page test visits, with the title of their link in the navigation (and their heading). */
const PAGES = [
  ['', 'Overview'],
  ['/keys', 'API keys'],
  ['/webhooks', 'Webhooks'],
  ['/insights', 'Insights'],
  ['/customers', 'Customers'],
  ['/orders', 'Orders'],
  ['/inventory', 'Inventory'],
  ['/imports', 'Imports'],
  ['/settings', 'Settings'],
] as const;

// Once per file (both database variants): the bundle of the sources as they are now (esbuild: well
// under a second), not one left by an earlier install, and one Chromium; each variant has a context of its own.
let browser: Browser;
if (CHROMIUM) {
  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build-dashboard.mjs'], { cwd: projectRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build-dashboard failed:\n${build.stdout}${build.stderr}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    mkdirSync(path.dirname(DOCS_SCREENSHOT), { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM });
  }, 60_000);
  afterAll(() => browser?.close());
}

browserDescribe('dashboard in Chromium', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let watched: Watched;
  let page: Page;
  let accountId: string;
  let cert: Certificate;
  let receiver: Receiver;

  /** GraphQL with the page's own session cookie, as the dashboard sends it. */
  async function api<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await page.request.post(`${app.url}/graphql`, {
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      data: { query, variables },
    });
    const body = (await res.json()) as { data: T; errors?: unknown };
    if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
    return body.data;
  }

  /** Opens a dashboard route and waits until its page has loaded (a heading, no loading state). */
  async function open(route: string): Promise<void> {
    await page.goto(`${app.url}/dashboard${route}`);
    await page.locator('main h1').first().waitFor();
    await page.locator('.state.loading').first().waitFor({ state: 'detached' });
  }

  /** Goes to a route by its link in the navigation (the app's own routing, no page load) and waits as open() does. */
  async function follow(route: string, title: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`${app.url}/dashboard${route}`);
    await page.locator('main').getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.locator('.state.loading').first().waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    cert = makeCertificate();
    receiver = await startReceiver(cert);
    database = await target.create();
    // Budgets wide enough for one user clicking through every page twice and a full CSV export within a minute.
    app = await startTestApp(database, {
      RATE_LIMIT_PER_MINUTE: '100000',
      GRAPHQL_COST_BUCKET_SIZE: '20000',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost',
      WEBHOOK_EXTRA_CA_FILE: cert.certFile,
    });
    accountId = await prepareDemoStore(app.db.prisma, app.services);
    await createDashboardUser(app.db.prisma, { accountId, email: EMAIL, role: 'owner', password: PASSWORD });
    await makeInsight(app.db.prisma, accountId, { title: 'Reorder the wool scarves before the weekend', status: 'open', severity: 'high' });
    watched = await watchedContext(browser, app.url);
    page = await watched.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
  }, 240_000);
  afterAll(async () => {
    await watched?.context.close();
    await app?.close();
    await database?.close();
    await receiver?.close();
    cert?.remove();
  });

  test('/dashboard and its routes serve the shell with a strict CSP; assets are hashed, immutable and gzipped', async () => {
    for (const route of ['/dashboard', '/dashboard/customers', '/dashboard/sign-in']) {
      const res = await fetch(`${app.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = await res.text();
      expect(html).not.toMatch(/<script>|<style|style="/); // nothing inline
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing from another host
    }
    expect(DASHBOARD_CSP).toContain("script-src 'self';");
    expect(DASHBOARD_CSP).toContain("style-src 'self';");
    const html = await (await fetch(`${app.url}/dashboard`)).text();
    const script = /<script type="module" src="(\/dashboard\/assets\/dashboard-[A-Z0-9]+\.js)"><\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const gz = await fetch(`${app.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const missing of ['/dashboard/assets/nope.js', '/dashboard/assets/manifest.json', '/dashboard/assets/..%2F..%2Fdashboard.ts', '/dashboard/x%2F..']) {
      const res = await fetch(`${app.url}${missing}`);
      expect(res.status).toBe(404);
      expect(await readJson(res)).toMatchObject({ error: 'not_found' });
    }
  });

  test('signed out: any page leads to sign-in; a wrong password is refused there', async () => {
    await page.goto(`${app.url}/dashboard/customers`);
    await page.waitForURL(`${app.url}/dashboard/sign-in`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectText(page.locator('#sign-in-error'), /./);
    expect(page.url()).toBe(`${app.url}/dashboard/sign-in`);
  });

  test('sign in: back to the page asked for; the overview KPIs equal what the API answers for the same period', async () => {
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/dashboard/customers`);
    await open('');
    await page.locator('.kpis[data-ready="true"]').waitFor();
    const range = await page.locator('[data-range-from]').first();
    const from = await range.getAttribute('data-range-from');
    const to = await range.getAttribute('data-range-to');
    const { profitReport, viewer } = await api<{
      profitReport: { totals: Record<string, { amount: string } | number | null> };
      viewer: { account: { currency: string } };
    }>(
      `query($range: DateRangeInput!) { viewer { account { currency } } profitReport(range: $range, interval: YEAR, compareTo: PREVIOUS_PERIOD) {
        totals { grossRevenue { amount } netRevenue { amount } adSpend { amount } finalProfit { amount } purchaseCount newCustomers aov { amount } roas marginPct } } }`,
      { range: { from, to } },
    );
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: viewer.account.currency });
    for (const [key, value] of Object.entries(profitReport.totals)) {
      const card = page.locator(`[data-kpi="${key}"]`);
      const expected = value === null ? '' : typeof value === 'object' ? value.amount : String(value);
      expect(await card.getAttribute('data-value')).toBe(expected);
      if (typeof value === 'object' && value) expect(await card.locator('.kpi-value').textContent()).toBe(money.format(Number(value.amount)));
    }
    expect(Number((profitReport.totals.grossRevenue as { amount: string }).amount)).toBeGreaterThan(0);
    await page.locator('[data-chart][data-drawn="true"]').waitFor();
  });

  test('the overview is one GraphQL request: going to it from another page sends exactly one', async () => {
    await open('/keys');
    const sent: string[] = [];
    const record = (request: { url(): string; method(): string; postData(): string | null }) => {
      if (request.method() !== 'POST' || request.url() !== `${app.url}/graphql`) return;
      const { query } = JSON.parse(request.postData() ?? '{}') as { query?: string };
      sent.push(/\b(query|mutation) \w+/.exec(query ?? '')?.[0] ?? '?');
    };
    page.on('request', record);
    try {
      await page.getByRole('link', { name: 'Overview' }).click();
      await page.locator('.kpis[data-ready="true"]').waitFor();
      await page.locator('[data-chart][data-drawn="true"]').waitFor();
    } finally {
      page.off('request', record);
    }
    expect(sent).toEqual(['query Overview']);
  });

  test('the chart switches to monthly buckets, as many as the API has for its range', async () => {
    await page.getByLabel('Chart by').selectOption('MONTH');
    const chart = page.locator('[data-chart][data-interval="MONTH"][data-drawn="true"]');
    await chart.waitFor();
    const range = { from: await chart.getAttribute('data-from'), to: await chart.getAttribute('data-to') };
    const { profitReport } = await api<{ profitReport: { buckets: unknown[] } }>(
      'query($range: DateRangeInput!) { profitReport(range: $range, interval: MONTH) { buckets { start } } }',
      { range },
    );
    expect(profitReport.buckets.length).toBeGreaterThanOrEqual(12);
    expect(await chart.getAttribute('data-buckets')).toBe(String(profitReport.buckets.length));
  });

  test('API keys: a new key is shown once and works on REST; revoked, REST answers key_revoked', async () => {
    await open('/keys');
    await page.getByLabel('Name').fill('browser test');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('[data-secret]').textContent())!;
    expect(key).toMatch(/^svc_live_/);
    const me = (key: string) => fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect((await me(key)).status).toBe(200);
    const row = page.locator(`tr[data-key-prefix="${key.slice(0, 16)}"]`).or(page.locator('tr', { hasText: 'browser test' }));
    await row.getByRole('button', { name: /Revoke/ }).click();
    await expectText(row, /revoked/);
    const refused = await me(key);
    expect(refused.status).toBe(401);
    expect(JSON.stringify(await readJson(refused))).toContain('key_revoked');
  });

  test('webhooks: created to a local HTTPS receiver (secret shown once), its test delivery in the log', async () => {
    await open('/webhooks');
    const url = receiver.url('/dashboard-hook');
    await page.getByLabel('Endpoint URL (https)').fill(url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    expect(await page.locator('[data-secret]').textContent()).toMatch(/^whsec_/);
    const hook = page.locator(`article[data-webhook="${url}"]`);
    await hook.getByRole('button', { name: 'Send test' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Test delivery' }), /delivered/);
    await hook.locator('tr[data-delivery][data-status="delivered"]').first().waitFor();
    expect(receiver.requestsTo('/dashboard-hook').length).toBeGreaterThanOrEqual(1);
  });

  test('insights: resolving one moves it out of the open list', async () => {
    await open('/insights');
    const card = page.locator('[data-insight="Reorder the wool scarves before the weekend"]');
    await card.getByRole('button', { name: /^Resolve/ }).click();
    await card.waitFor({ state: 'detached' });
    const { insights } = await api<{ insights: { nodes: Array<{ title: string; status: string }> } }>('{ insights(first: 100) { nodes { title status } } }');
    expect(insights.nodes.find((i) => i.title.startsWith('Reorder the wool'))?.status).toBe('resolved');
  });

  test('settings: pausing AI; then generating insights is refused with the paused state shown', async () => {
    await open('/settings');
    await page.getByRole('button', { name: 'Pause AI' }).click();
    await page.locator('[data-ai-state="paused"]').waitFor();
    await open('/insights');
    await page.locator('[data-ai-refused]').waitFor();
    await page.getByRole('button', { name: 'Generate insights' }).click();
    await page.locator('.problem[data-code="payment_required"]').waitFor();
    expect((await api<{ aiAccess: { state: string } }>('{ aiAccess { state } }')).aiAccess.state).toBe('paused');
  });

  test('settings: an owner changes the auto top-up; a bad threshold is shown beside its field, the saved one is what GraphQL returns', async () => {
    await open('/settings');
    const form = page.getByRole('form', { name: 'Auto top-up' });
    await form.getByLabel('Threshold (credits)').fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectText(form.locator('[data-field-error]'), /threshold/);
    await form.getByLabel('Threshold (credits)').fill('321');
    await form.getByLabel('Auto top-up on').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectText(form.getByRole('status'), /Saved: auto top-up is on/);
    const { viewer } = await api<{ viewer: { credits: { autoTopup: { enabled: boolean; threshold: number } } } }>(
      '{ viewer { credits { autoTopup { enabled threshold } } } }',
    );
    expect(viewer.credits.autoTopup).toEqual({ enabled: true, threshold: 321 });
  });

  test("settings: an owner counts refunds on the refund's day and back; the choice is what GraphQL returns", async () => {
    const attribution = async () =>
      (await api<{ viewer: { account: { refundAttribution: string } } }>('{ viewer { account { refundAttribution } } }')).viewer.account.refundAttribution;
    expect(await attribution()).toBe('ORDER_DAY');
    await open('/settings');
    const form = page.getByRole('form', { name: 'Refund attribution' });
    await form.getByLabel("On the refund's day").check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectText(form.getByRole('status'), /Saved: refunds count on the refund's own day\. \d+ days with refunds are being recomputed/);
    expect(await attribution()).toBe('REFUND_DAY');
    await form.getByLabel("On the order's day").check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectText(form.getByRole('status'), /Saved: refunds count on their order's day/);
    expect(await attribution()).toBe('ORDER_DAY');
    // The demo store's snapshots as the other tests expect them (the days both changes marked).
    await app.services.catchup.catchUp(accountId);
  });

  test('live: a new insight appears on the overview through the subscription, without a reload', async () => {
    await open('');
    await page.locator('[data-chart][data-drawn="true"]').waitFor();
    // The subscription is open once the server counts it (graphql-ws over the same-origin WebSocket, with the cookie).
    while (app.services.live.size() === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await appendEvents(app.db.prisma, accountId, [
      domainEvent('insight.created', { insight_id: 4242, severity: 'high', category: 'inventory', title: 'Scarves sell out by Friday' }),
    ]);
    await expectText(page.locator('[data-live]'), /Scarves sell out by Friday/);
  });

  test('users: an owner adds a member (one-time password shown once); the member must change it, then cannot manage keys', async () => {
    await open('/settings');
    const email = 'member@store.example';
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Add user' }).click();
    const oneTime = (await page.locator('[data-secret]').textContent())!;
    expect(oneTime.length).toBeGreaterThanOrEqual(12);
    await page.locator(`tr[data-user="${email}"]`).waitFor();

    const member = await watchedContext(browser, app.url);
    try {
      const memberPage = await member.newPage();
      await memberPage.goto(`${app.url}/dashboard`);
      await memberPage.getByLabel('E-mail').fill(email);
      await memberPage.getByLabel('Password').fill(oneTime);
      await memberPage.getByRole('button', { name: 'Sign in' }).click();
      await memberPage.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await memberPage.getByLabel('Current (one-time) password').fill(oneTime);
      await memberPage.getByLabel('New password', { exact: true }).fill('the member chose this one');
      await memberPage.getByLabel('New password, again').fill('the member chose this one');
      await memberPage.getByRole('button', { name: 'Save and continue' }).click();
      await memberPage.getByRole('heading', { name: 'Overview' }).waitFor();
      await memberPage.getByRole('link', { name: 'API keys' }).click();
      await memberPage.getByText('Only an owner of the account can create or revoke keys.').waitFor();
      expect(await memberPage.getByRole('button', { name: 'Create key' }).isDisabled()).toBe(true);
      expect(member.foreign).toEqual([]);
    } finally {
      await member.context.close();
    }
    await open('/settings');
    await page.getByRole('button', { name: `Remove ${email}` }).click();
    await page.locator(`tr[data-user="${email}"]`).waitFor({ state: 'detached' });
  });

  test('customers: filtered by segment, exported as CSV with every matching customer; inventory: a suggestion marked ordered', async () => {
    await open('/customers');
    await page.getByLabel('Segment').selectOption('vip');
    const { customers } = await api<{ customers: { totalCount: number } }>('{ customers(first: 1, segment: vip) { totalCount } }');
    expect(customers.totalCount).toBeGreaterThan(0);
    await page.getByText(`${customers.totalCount.toLocaleString('en-US')} customers`).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,email,source,country,segment,orders,revenue,last_purchase_at');
    expect(lines.length - 1).toBe(customers.totalCount);
    expect(lines.slice(1).every((line) => line.includes(',vip,'))).toBe(true);

    await open('/inventory');
    const row = page.locator('tr[data-suggestion]').first();
    const sku = (await row.getAttribute('data-suggestion'))!;
    await row.getByRole('button', { name: /^Mark ordered/ }).click();
    await page.locator(`tr[data-suggestion="${sku}"]`).waitFor({ state: 'detached' });
    const { reorderSuggestions } = await api<{ reorderSuggestions: { nodes: Array<{ inventoryItem: { sku: string } }> } }>(
      '{ reorderSuggestions(first: 200, status: ordered) { nodes { inventoryItem { sku } } } }',
    );
    expect(reorderSuggestions.nodes.map((n) => n.inventoryItem.sku)).toContain(sku);
  });

  // Like every test after 'sign in', it runs on the signed-in page (run it alone with
  // -t "signed out|sign in|imports"; alone, the page is the sign-in form and has no file input).
  test('imports: a Shopify export, then a file of expenses, each with a broken row, uploaded from the page; once a worker has run each, the counts and the rejected row are shown', async () => {
    await open('/imports');
    const file = shopifyOrdersExport({
      orders: 5,
      days: 3,
      end: new Date(Date.now() - 3_600_000),
      seed: 9,
      first: 7001,
      tamper: (order, line, cells) => {
        if (order.name === '#7003' && line === 0) cells['Lineitem price'] = 'n/a';
      },
    });
    await page.getByLabel('File (.csv, .ndjson)').setInputFiles({ name: 'orders_export.csv', mimeType: 'text/csv', buffer: Buffer.from(file.csv) });
    await page.getByRole('button', { name: 'Import' }).click();
    // The import is shown at once, in whichever state it has reached (a worker may take it before the first poll).
    await page.locator('[data-import-status]').waitFor();
    // The page polls; the worker is this test's job queue run.
    await jobRunner({ prisma: app.db.prisma, services: app.services, jobs: ALL_JOBS, retryDelayMs: () => 0 }).drain();
    await page.locator('[data-import-status="succeeded"]').waitFor();
    await page.getByRole('region', { name: 'Rejected rows' }).getByText('Lineitem price').waitFor();

    // Expenses, chosen in the kind list: a one-off and a monthly one stored, a row with an unknown recurrence rejected at its column.
    await page.getByLabel('What the file holds').selectOption('expenses');
    const expenses =
      'expense_id,date,category,amount,recurrence,ends_on\nui-fee,2026-10-10,fees,40.00,one-off,\nui-rent,2026-10-01,rent,100.00,monthly,2026-10-31\nui-odd,2026-10-12,misc,5.00,weekly,\n';
    await page.getByLabel('File (.csv, .ndjson)').setInputFiles({ name: 'expenses.csv', mimeType: 'text/csv', buffer: Buffer.from(expenses) });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('[data-import-status]', { hasText: 'expenses.csv' }).waitFor();
    await jobRunner({ prisma: app.db.prisma, services: app.services, jobs: ALL_JOBS, retryDelayMs: () => 0 }).drain();
    await page.locator('[data-import-status="succeeded"]', { hasText: '3 rows read: 2 stored, 0 skipped, 1 rejected' }).waitFor();
    await page.getByRole('region', { name: 'Rejected rows' }).getByText('recurrence').waitFor();
  });

  test('partial failure: a field that fails shows its error in its own panel; the rest of the overview stays', async () => {
    // The real answer, with one field turned into the error a failing resolver gives.
    await page.route(`${app.url}/graphql`, async (route) => {
      if (!route.request().postData()?.includes('query Overview')) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown>; errors?: unknown[] };
      body.data.topCustomers = null;
      body.errors = [...(body.errors ?? []), { message: 'Top customers are being recomputed.', path: ['topCustomers'], extensions: { code: 'internal' } }];
      await route.fulfill({ response, json: body });
    });
    try {
      await open('');
      await expectText(page.locator('[data-panel="topCustomers"] .problem'), /Top customers are being recomputed\. \(internal\)/);
      await page.locator('.kpis[data-ready="true"]').waitFor();
      await page.locator('[data-chart][data-drawn="true"]').waitFor();
      expect(await page.locator('[data-panel="stock"] table').count()).toBe(1);
    } finally {
      await page.unroute(`${app.url}/graphql`);
    }
  });

  // At 1280 px each page is reached through the navigation's links after one page load (axe-core
  // then evaluated once); at 390 px each is loaded by its own URL.
  test('every page: screenshots at 1280 and 390 px, no serious axe violation, no CSP violation or console error, nothing off-origin', async () => {
    const problems: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [route, title] of PAGES) {
        if (width === 1280 && route !== '') await follow(route, title);
        else await open(route);
        if (route === '') await page.locator('[data-chart][data-drawn="true"]').waitFor();
        const name = `${target.name}-${route.slice(1) || 'overview'}-${width}.png`;
        await page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });
        if (route === '' && width === 1280 && target.name === 'pglite' && (!existsSync(DOCS_SCREENSHOT) || process.env.UPDATE_DOCS_SCREENSHOT)) {
          await page.screenshot({ path: DOCS_SCREENSHOT });
        }
        for (const v of await axeViolations(page))
          problems.push(`${route || '/'} @${width}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        for (const v of await watched.cspViolations(page)) problems.push(`${route || '/'} @${width}: CSP violation ${v}`);
      }
    }
    expect(problems).toEqual([]);
    // The only errors: the browser's own log of the 401s of signing in (no session yet, a wrong password).
    expect(watched.consoleErrors.filter((e) => !/status of 401 .*\/auth\/(session|login)\)$/.test(e))).toEqual([]);
    expect(watched.foreign).toEqual([]);
    expect(watched.requests.length).toBeGreaterThan(20);
    expect(watched.requests.every((url) => url.startsWith(app.url) || url.startsWith(app.url.replace('http:', 'ws:')) || url.startsWith('data:'))).toBe(true);
  }, 180_000);

  test('sign out clears the cookie; sign out everywhere also ends the session the old cookie held', async () => {
    const sessionCookie = async () => (await watched.context.cookies()).find((c) => c.name === 'svc_session');
    await open('/settings');
    expect(await sessionCookie()).toBeDefined();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
    await page.getByText('Signed out.').waitFor();
    expect(await sessionCookie()).toBeUndefined();

    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).waitFor();
    const held = await sessionCookie();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByText('Signed out on every device.').waitFor();
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', cookie: `svc_session=${held!.value}` },
      body: JSON.stringify({ query: '{ viewer { account { name } } }' }),
    });
    expect(res.status).toBe(401);
  });
});

/** Waits until the locator's first match has text matching the pattern. */
async function expectText(locator: ReturnType<Page['locator']>, pattern: RegExp): Promise<void> {
  await locator.filter({ hasText: pattern }).first().waitFor({ timeout: 30_000 });
}

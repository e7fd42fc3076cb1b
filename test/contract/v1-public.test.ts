// Public /api/v1 endpoints: shapes (validated against the served OpenAPI document), CORS and
// cache headers, bounds and errors, the uptime recorder, the changelog synced from the
// repository's file, anonymised benchmarks (buckets of at least 5 stores), and the guarantee that
// no public answer carries an account's private data.
import { readFileSync } from 'node:fs';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { makeAccount, makeCustomer, makeOrder } from '../factories/index.ts';
import { FEATURE_COSTS } from '../../src/domain/credits/index.ts';
import { uptimeRecorder } from '../../src/jobs/uptime-recorder.ts';
import { projectRoot } from '../../src/paths.ts';
import { makeIntegration, makeOutboxEvent, makeWebhookDelivery, makeWebhookSubscription, updateWebhookDelivery } from '../factories/rows.ts';

const BASE = 'https://api.example.test';
const DAY_MS = 86_400_000;
const changelogFile = JSON.parse(readFileSync(`${projectRoot}/content/changelog.json`, 'utf8')) as Array<{ slug: string; date: string; title: string }>;

describeEachDatabase('v1 public endpoints', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let checker: OpenApiChecker;
  /** Private values of the seeded accounts that must never appear in a public answer. */
  const secrets: string[] = [];
  const aovs: Array<{ plan: string; aov: number }> = [];

  const get = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${app.url}/api/v1${path}`, init);
    const type = res.headers.get('content-type') ?? '';
    const copy = res.clone();
    checker.check('GET', `/api/v1${path}`, res.status, type.startsWith('application/json') ? await copy.json() : await copy.text(), type);
    return res;
  };

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { PUBLIC_RATE_LIMIT_PER_MINUTE: '10000', PUBLIC_BASE_URL: `${BASE}/` });
    checker = await openApiChecker(app.url);
    const prisma = app.db.prisma;
    // Eight stores: six on growth, two on scale (a bucket too small to publish). Each has two
    // paid orders two days ago at noon UTC, of 10 × (i + 1) each.
    const day = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS + 12 * 3_600_000);
    for (let i = 0; i < 8; i++) {
      const plan = i < 6 ? 'growth' : 'scale';
      const account = await makeAccount(prisma, { name: `Zebra Private Store ${i}`, plan });
      const customer = await makeCustomer(prisma, account.id, { email: `hidden.buyer${i}@private-example.org` });
      await makeIntegration(prisma, {
        accountId: account.id,
        provider: 'shopify',
        shop: `zebra-secret-${i}.myshopify.com`,
        scopes: [],
        lastSyncAt: new Date(),
      });
      for (let k = 0; k < 2; k++) await makeOrder(prisma, account.id, customer.id, { total: 10 * (i + 1), placedAt: day });
      secrets.push(account.id, account.name, customer.email, customer.name, `zebra-secret-${i}.myshopify.com`);
      aovs.push({ plan, aov: 10 * (i + 1) });
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const median = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };

  test('every public GET: no key, CORS allow-all, the decided cache time, per-address rate-limit headers, a CORS preflight', async () => {
    const publicPaths = Object.entries(checker.doc.paths)
      .filter(([, ops]) => (ops.get as unknown as { security?: unknown[] } | undefined)?.security?.length === 0)
      .map(([path]) => path.replace('/api/v1', ''));
    expect(publicPaths).toEqual(
      expect.arrayContaining([
        '/incidents',
        '/uptime',
        '/index',
        '/changelog',
        '/changelog.rss',
        '/feature-costs',
        '/postman',
        '/sdk/typescript',
        '/sdk/python',
        '/llm-system-prompt',
        '/blog',
        '/integraciones',
        '/reports',
        '/benchmarks',
        '/predictions',
        '/openapi.json',
        '/status',
      ]),
    );
    expect(publicPaths).not.toContain('/risks');
    for (const path of publicPaths) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const maxAge = path === '/status' ? 15 : path === '/incidents' || path === '/uptime' ? 60 : 300;
      expect([path, res.headers.get('cache-control')]).toEqual([path, `public, max-age=${maxAge}`]);
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
      const preflight = await fetch(`${app.url}/api/v1${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
      });
      expect([path, preflight.status]).toEqual([path, 204]);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  test('no public answer contains a store’s ids, names, e-mails or shop domains', async () => {
    const paths = Object.entries(checker.doc.paths)
      .filter(([, ops]) => (ops.get as unknown as { security?: unknown[] } | undefined)?.security?.length === 0)
      .map(([path]) => path.replace('/api/v1', ''));
    for (const path of [...paths, '/uptime?hours=168', '/llm-system-prompt?format=text']) {
      const text = await (await get(path)).text();
      for (const secret of secrets) expect([path, text.includes(secret)]).toEqual([path, false]);
    }
  });

  test('GET /incidents: unresolved incidents, most severe first; svc-managed lifecycle', async () => {
    const { incidents } = app.services;
    const minor = await incidents.open({ title: 'Slow exports', severity: 'minor' });
    const critical = await incidents.open({ title: 'API errors', severity: 'critical', body: 'Investigating 5xx.' });
    const major = await incidents.open({ title: 'Webhook delays', severity: 'major' });
    await incidents.update(major.id, { status: 'identified', body: 'A stuck dispatcher.' });
    await incidents.resolve(minor.id);
    const body = await readJson(await get('/incidents'));
    expect(body.data.map((i: { id: number }) => i.id)).toEqual([critical.id, major.id]);
    expect(body.data[1]).toMatchObject({ severity: 'major', status: 'identified', body: 'A stuck dispatcher.' });
    expect(body.total).toBe(2);
    expect(body._meta).toMatchObject({ canonical: `${BASE}/api/v1/incidents`, license: 'CC BY 4.0' });
    await expect(incidents.open({ title: 'x', severity: 'catastrophic' })).rejects.toMatchObject({ code: 'invalid_parameter' });
    await expect(incidents.update(minor.id, { status: 'monitoring' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(incidents.resolve(999_999)).rejects.toMatchObject({ code: 'not_found' });
    for (const i of [critical, major]) await incidents.resolve(i.id);
    expect((await readJson(await get('/incidents'))).data).toEqual([]);
  });

  test('GET /uptime: checks recorded by the recorder (one per minute across workers), window bounds', async () => {
    const recorder = uptimeRecorder({ prisma: app.db.prisma, services: app.services, apiUrl: app.url });
    const recorded = await recorder.recordOnce();
    expect(recorded?.map((r) => [r.service, r.ok])).toEqual([
      ['api', true],
      ['database', true],
      ['jobs', true],
      ['webhooks', true],
    ]);
    // A second worker in the same minute does not record again.
    expect(await uptimeRecorder({ prisma: app.db.prisma, services: app.services, apiUrl: app.url }).recordOnce()).toBeNull();
    // A failed round two hours ago: inside a 3-hour window, outside a 1-hour one.
    const failing = async () => false;
    await app.services.uptime.recordChecks({ api: failing, database: failing, jobs: failing, webhooks: failing }, new Date(Date.now() - 2 * 3_600_000));

    const recent = await readJson(await get('/uptime?hours=1'));
    expect(recent.window_hours).toBe(1);
    expect(recent.services.map((s: { service: string }) => s.service)).toEqual(['api', 'database', 'jobs', 'webhooks']);
    for (const s of recent.services) expect(s).toMatchObject({ status: 'up', uptime_pct: 100, checks: 1 });
    const wider = await readJson(await get('/uptime?hours=3'));
    for (const s of wider.services) expect(s).toMatchObject({ status: 'up', uptime_pct: 50, checks: 2 });
    expect((await readJson(await get('/uptime'))).window_hours).toBe(24);
    expect((await readJson(await get('/uptime?hours=100000'))).window_hours).toBe(168);
    // The webhooks probe fails while a pending delivery is more than 5 minutes past due.
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma);
    const subscription = await makeWebhookSubscription(prisma, {
      accountId: account.id,
      url: 'https://hooks.example.com/x',
      events: ['*'],
      secret: 'whsec_test',
    });
    const event = await makeOutboxEvent(prisma, { eventId: `evt_uptime_${target.name}`, accountId: account.id, name: 'credits.low', data: {} });
    expect(await app.services.uptime.webhooksKeepingUp()).toBe(true);
    const delivery = await makeWebhookDelivery(prisma, {
      deliveryId: `dlv_uptime_${target.name}`,
      eventId: event.id,
      subscriptionId: subscription.id,
      nextAttemptAt: new Date(Date.now() - 6 * 60_000),
    });
    expect(await app.services.uptime.webhooksKeepingUp()).toBe(false);
    await updateWebhookDelivery(prisma, delivery.id, { status: 'succeeded' });
    expect(await app.services.uptime.webhooksKeepingUp()).toBe(true);
    for (const bad of ['0', '-1', '1.5', 'abc']) {
      const res = await get(`/uptime?hours=${bad}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_parameter', param: 'hours' });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('GET /changelog: the repository file, newest first, with _meta canonical and rss URLs; the RSS feed carries the same items', async () => {
    const body = await readJson(await get('/changelog'));
    expect(body.total).toBe(changelogFile.length);
    const sorted = [...changelogFile].sort((a, b) => b.date.localeCompare(a.date));
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(sorted.map((e) => e.title));
    expect(body.latest_date).toBe(sorted[0]!.date);
    expect(Object.keys(body)).toEqual(['total', 'latest_date', 'items', '_meta']);
    expect(body._meta).toEqual({
      api_version: 'v1',
      generated_at: expect.any(String),
      canonical: `${BASE}/api/v1/changelog`,
      rss: `${BASE}/api/v1/changelog.rss`,
      license: 'CC BY 4.0',
    });
    expect(await app.db.prisma.changelogEntry.count()).toBe(changelogFile.length);

    const rss = await get('/changelog.rss');
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await rss.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml.match(/<item>/g)).toHaveLength(changelogFile.length);
    expect(xml).toContain(`<atom:link href="${BASE}/api/v1/changelog.rss" rel="self"`);
    for (const e of changelogFile) expect(xml).toContain(`<guid isPermaLink="false">${e.slug}</guid>`);
  });

  test('GET /feature-costs publishes the table the ledger debits from', async () => {
    const body = await readJson(await get('/feature-costs'));
    expect(body.data).toEqual(FEATURE_COSTS.map((f) => ({ feature: f.feature, credits: f.credits, unit: f.unit, description: f.description })));
  });

  test('GET /blog, /integraciones, /reports: repository content with _meta', async () => {
    const blog = await readJson(await get('/blog'));
    expect(blog.total).toBeGreaterThan(0);
    const dates = blog.data.map((p: { published_at: string }) => p.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const integrations = await readJson(await get('/integraciones'));
    expect(integrations.data.map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining(['shopify', 'woo-commerce', 'mercado-libre', 'meta-ads', 'google-ads']),
    );
    const reports = await readJson(await get('/reports'));
    for (const body of [blog, integrations, reports])
      expect(body._meta).toMatchObject({ license: 'CC BY 4.0', attribution: expect.stringContaining('Commerce Analytics Service') });
  });

  test('GET /benchmarks: medians per bucket of at least 5 stores; smaller buckets suppressed', async () => {
    const body = await readJson(await get('/benchmarks'));
    expect(body.min_stores_per_bucket).toBe(5);
    expect(body.buckets.map((b: { bucket: string }) => b.bucket)).toEqual(['all', 'plan:growth']);
    expect(body.suppressed_buckets).toBe(1);
    const [all, growth] = body.buckets;
    expect(all).toMatchObject({ stores: 8, aov: median(aovs.map((a) => a.aov)), margin_pct: null, roas: null });
    expect(growth).toMatchObject({ stores: 6, aov: median(aovs.filter((a) => a.plan === 'growth').map((a) => a.aov)) });
  });

  test('GET /predictions: a weekday forecast from days with at least 5 stores', async () => {
    const body = await readJson(await get('/predictions'));
    expect(body.input).toMatchObject({ days_used: 1, min_stores_per_day: 5 });
    // The one input day (two days ago) recurs once in the next 7 days; each store had 2 orders.
    const twoDaysAgo = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS);
    expect(body.data).toEqual([{ date: new Date(twoDaysAgo.getTime() + 7 * DAY_MS).toISOString().slice(0, 10), predicted: 2, based_on_days: 1 }]);
    expect(body._meta.license).toBe('CC BY 4.0');
  });

  test('GET /index lists exactly the documented operations, with auth and purpose', async () => {
    const body = await readJson(await get('/index'));
    const documented = Object.entries(checker.doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(body.data.map((e: { method: string; path: string }) => `${e.method} ${e.path}`).sort()).toEqual(documented);
    expect(body.data).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/v1/risks', auth: 'read', purpose: expect.any(String) },
        { method: 'POST', path: '/api/v1/webhooks', auth: 'write', purpose: expect.any(String) },
        { method: 'GET', path: '/api/v1/incidents', auth: 'public', purpose: expect.any(String) },
      ]),
    );
  });

  test('GET /postman: a v2.1 collection with one request per documented operation', async () => {
    const body = await readJson(await get('/postman'));
    expect(body.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    const requests = body.item.flatMap((folder: { item: unknown[] }) => folder.item) as Array<{
      name: string;
      request: { method: string; url: { raw: string } };
    }>;
    const operations = Object.values(checker.doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(requests).toHaveLength(operations);
    expect(requests.find((r) => r.name === 'POST /api/v1/webhooks')?.request).toMatchObject({
      method: 'POST',
      url: { raw: '{{baseUrl}}/api/v1/webhooks' },
      body: { mode: 'raw' },
    });
    expect(body.variable).toEqual(expect.arrayContaining([{ key: 'baseUrl', value: BASE, type: 'string' }]));
  });

  test('GET /llm-system-prompt: JSON by default, plain text with format=text, every endpoint named', async () => {
    const json = await readJson(await get('/llm-system-prompt'));
    const text = await get('/llm-system-prompt?format=text');
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe(json.prompt);
    for (const path of Object.keys(checker.doc.paths)) expect(json.prompt).toContain(` ${path} `);
    const bad = await get('/llm-system-prompt?format=xml');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_parameter', param: 'format' });
  });

  test('the per-address limit applies to public endpoints; a 429 is readable cross-origin and not cached', async () => {
    const limited = await startTestApp(database, { PUBLIC_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 2; i++) expect((await fetch(`${limited.url}/api/v1/feature-costs`)).status).toBe(200);
      const res = await fetch(`${limited.url}/api/v1/blog`);
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ error: 'rate_limit_exceeded' });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  test('writes to public paths are 405 with Allow', async () => {
    const res = await fetch(`${app.url}/api/v1/incidents`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

// Without the Shopify app's credentials the connector's routes answer a clear 503
// not_configured (an install from a signed-in owner, a callback, a webhook) and change nothing;
// the configuration rules refuse half a setup and plain http in production.
import { describeEachDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { dashboardEnv, signedInUser } from '../../helpers/dashboard.ts';
import { makeAccount } from '../../factories/index.ts';
import { loadConfig, ConfigError } from '../../../src/config.ts';
import { errorOf } from './helpers.ts';

const configProblems = (env: Record<string, string>): string[] => {
  try {
    loadConfig({ env: { NODE_ENV: 'test', ...env }, envFile: null });
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : [String(error)];
  }
};

test('config: the SHOPIFY_* rules', () => {
  expect(configProblems({ SHOPIFY_API_KEY: 'k' })).toEqual([
    'SHOPIFY_API_SECRET: set SHOPIFY_API_KEY and SHOPIFY_API_SECRET together (or neither)',
    'PUBLIC_URL: required when SHOPIFY_API_KEY is set (the OAuth redirect_uri and the webhook address derive from it)',
  ]);
  expect(configProblems({ SHOPIFY_API_VERSION: '2025-02' })[0]).toMatch(/^SHOPIFY_API_VERSION: must be a Shopify API version/);
  expect(configProblems({ SHOPIFY_BASE_URL: 'http://127.0.0.1:4100/shop' })[0]).toMatch(
    /^SHOPIFY_BASE_URL: must be an http\(s\):\/\/ URL template containing \{shop\}/,
  );
  expect(configProblems({ SHOPIFY_SCOPES: 'read_orders;drop' })[0]).toMatch(/^SHOPIFY_SCOPES:/);
  expect(configProblems({ NODE_ENV: 'production', SHOPIFY_BASE_URL: 'http://127.0.0.1:4100/{shop}' })).toContain(
    'SHOPIFY_BASE_URL: plain http is refused when NODE_ENV=production (simulators only)',
  );
  const config = loadConfig({
    env: {
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://svc.example.com/',
      SHOPIFY_API_KEY: 'k',
      SHOPIFY_API_SECRET: 's',
      SHOPIFY_SCOPES: ' read_orders , read_products ',
    },
    envFile: null,
  });
  expect(config.shopify).toEqual({
    publicUrl: 'https://svc.example.com',
    apiKey: 'k',
    apiSecret: 's',
    scopes: ['read_orders', 'read_products'],
    apiVersion: '2025-01',
    baseUrl: 'https://{shop}',
  });
});

describeEachDatabase('shopify connector without app credentials', (target) => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, dashboardEnv());
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  test('install, callback and webhooks answer 503 not_configured and store nothing', async () => {
    const account = await makeAccount(app.db.prisma);
    const { cookie } = await signedInUser(app, account.id, 'owner');
    const install = await fetch(`${app.url}/integrations/shopify/install?shop=a.myshopify.com`, { headers: { cookie }, redirect: 'manual' });
    expect(await errorOf(install)).toEqual({ status: 503, error: 'not_configured' });
    // Still: not signed in comes first.
    expect(await errorOf(await fetch(`${app.url}/integrations/shopify/install?shop=a.myshopify.com`, { redirect: 'manual' }))).toEqual({
      status: 401,
      error: 'not_signed_in',
    });
    const callback = await fetch(`${app.url}/integrations/shopify/callback?shop=a.myshopify.com&code=x&state=y&timestamp=1&hmac=00`, { redirect: 'manual' });
    expect(await errorOf(callback)).toEqual({ status: 503, error: 'not_configured' });
    const webhook = await fetch(`${app.url}/integrations/shopify/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-hmac-sha256': 'x' },
      body: '{}',
    });
    expect(await errorOf(webhook)).toEqual({ status: 503, error: 'not_configured' });
    expect(await app.db.prisma.oAuthState.count()).toBe(0);
    expect(await app.db.prisma.connectorInbox.count()).toBe(0);
  });
});

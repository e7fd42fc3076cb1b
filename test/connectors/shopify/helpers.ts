// The Shopify connector tests' shared steps: the app under test configured for the simulator,
// and the OAuth round trip a browser makes (dashboard -> install -> the shop's authorize page ->
// the callback), each hop checked.
import { expect } from '@jest/globals';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import type { DatabaseTarget, TestDatabase } from '../../helpers/databases.ts';
import { dashboardEnv, signedInUser } from '../../helpers/dashboard.ts';
import { makeAccount } from '../../factories/index.ts';
import { shopifyCallbackSignature } from '../../simulators/shopify/index.ts';
import { startFullShopifySimulator, type FullShopifySimulator } from '../../simulators/shopify/full.ts';
import { shopifyAccess, shopifySync, SHOPIFY_SYNC_JOB, type ShopifySync } from '../../../src/connectors/shopify/index.ts';
import { jobsRepo } from '../../../src/jobs/repo.ts';
import { jobRunner } from '../../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../../src/jobs/index.ts';
import { shopifySyncJob } from '../../../src/jobs/shopify-sync.job.ts';

export const API_KEY = 'sim-api-key';
export const API_SECRET = 'sim-api-secret-0123456789';
/** The service's public URL as Shopify knows it; the test's browser maps it to the app's port. */
export const PUBLIC_URL = 'https://svc.example.test';
export const SECRET_KEY = 'ab'.repeat(32);
export const SCOPES = 'read_orders,read_customers,read_products,read_inventory';

export function shopifyEnv(baseUrlTemplate: string): Record<string, string> {
  return {
    PUBLIC_URL,
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    SHOPIFY_SCOPES: SCOPES,
    SHOPIFY_BASE_URL: baseUrlTemplate,
    WEBHOOK_SECRET_KEY: SECRET_KEY,
  };
}

let shopCounter = 0;
export const newShop = (): string => `store-${process.pid}-${++shopCounter}-${Math.random().toString(36).slice(2, 8)}.myshopify.com`;

/** `svc_shopify_state=<nonce>` from an answer's Set-Cookie. */
export function stateCookieOf(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /svc_shopify_state=[^;]*/.exec(header);
  if (!match) throw new Error(`no state cookie in ${header}`);
  return match[0];
}

export interface Approved {
  /** The callback URL on the app (the public URL mapped to the app's port). */
  callback: URL;
  /** The state cookie the install set in this browser. */
  stateCookie: string;
}

/** Install from the dashboard session, then the shop's authorize page approves: the callback the browser would follow. */
export async function approve(app: TestApp, sessionCookie: string, shop: string): Promise<Approved> {
  const install = await fetch(`${app.url}/integrations/shopify/install?shop=${shop}`, { headers: { cookie: sessionCookie }, redirect: 'manual' });
  expect(install.status).toBe(302);
  const authorize = new URL(install.headers.get('location')!);
  expect(authorize.pathname).toBe(`/${shop}/admin/oauth/authorize`);
  expect(authorize.searchParams.get('client_id')).toBe(API_KEY);
  expect(authorize.searchParams.get('scope')).toBe(SCOPES);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/integrations/shopify/callback`);
  const stateCookie = stateCookieOf(install);
  expect(stateCookie).toBe(`svc_shopify_state=${authorize.searchParams.get('state')}`);
  const approved = await fetch(authorize, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const location = new URL(approved.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/integrations/shopify/callback`);
  return { callback: new URL(`${app.url}${location.pathname}${location.search}`), stateCookie };
}

export const followCallback = (callback: URL, cookie: string) => fetch(callback, { headers: { cookie }, redirect: 'manual' });

/** The callback's query with some parameters changed and signed again as Shopify would (a valid hmac). */
export function resigned(callback: URL, changes: Record<string, string>, secret = API_SECRET): URL {
  const params = Object.fromEntries(callback.searchParams.entries());
  delete params.hmac;
  Object.assign(params, changes);
  params.hmac = shopifyCallbackSignature(params, secret);
  const url = new URL(callback);
  url.search = new URLSearchParams(params).toString();
  return url;
}

export async function errorOf(res: Response): Promise<{ status: number; error: string; param?: string }> {
  const body = (await res.json()) as { error: string; param?: string };
  return { status: res.status, error: body.error, ...(body.param ? { param: body.param } : {}) };
}

/** An owner's account with a Shopify store connected through the whole OAuth round trip. */
export async function connectedStore(app: TestApp, signedInOwner: (accountId: string) => Promise<{ cookie: string }>, makeAccountId: () => Promise<string>) {
  const accountId = await makeAccountId();
  const { cookie } = await signedInOwner(accountId);
  const shop = newShop();
  const { callback, stateCookie } = await approve(app, cookie, shop);
  const done = await followCallback(callback, stateCookie);
  if (done.status !== 302) throw new Error(`callback answered ${done.status}: ${await done.text()}`);
  const integration = (await app.services.integrations.listIntegrations(accountId)).items.find((i) => i.shop === shop)!;
  return { accountId, shop, integrationId: integration.id };
}

/** Polls `check` until it returns true (a generous deadline, no fixed sleeps). */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `day`'s row of /api/v1/profit?days=7 once it counts `purchases` orders: jobs drained (`drain`)
 * until the analytics caught up, within eventually's deadline.
 */
export async function profitDayOnce(app: TestApp, key: string, day: string, purchases: number, drain: () => Promise<unknown>) {
  let served: { gross_revenue: number; purchase_count: number } | undefined;
  await eventually(async () => {
    await drain();
    const profit = (await (await fetch(`${app.url}/api/v1/profit?days=7`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      data: Array<{ snapshot_date: string; gross_revenue: number; purchase_count: number }>;
    };
    served = profit.data.find((d) => d.snapshot_date === day);
    return served?.purchase_count === purchases;
  }, `${purchases} order(s) of ${day} in /api/v1/profit`);
  return served!;
}

/**
 * The app's own Shopify sync (its configuration, part A's token store) with the bulk operations
 * polled every 20 ms instead of production's 5 s: the simulator completes an operation after its
 * first status read, so each of a backfill's streams otherwise waited one whole production poll.
 */
export function simulatorTunedSync(app: TestApp): ShopifySync {
  const { config, services, db } = app;
  const { connections, integrations } = services;
  return shopifySync({
    ingestion: services.ingestion,
    integrations,
    streams: services.syncStreams,
    stock: connections,
    api: { apiVersion: config.shopify.apiVersion, baseUrl: config.shopify.baseUrl },
    publicUrl: config.shopify.publicUrl ?? '',
    access: (integrationId) => shopifyAccess({ config, services: { connections, integrations } }, integrationId),
    enqueue: (accountId) => jobsRepo(db.prisma).enqueueNow(SHOPIFY_SYNC_JOB, accountId),
    pollMs: 20,
  });
}

export interface DashboardShopifySuite {
  readonly app: TestApp;
  readonly sim: FullShopifySimulator;
  /** A new account and a signed-in owner of it. */
  owner(): Promise<{ accountId: string; id: string; email: string; cookie: string }>;
  /** Runs the account's shopify-sync job once, as a worker would; it must succeed. */
  runSync(accountId: string): Promise<void>;
  /** Runs every queued job (webhook inbox, analytics catch-up) until none is left. */
  drain(): Promise<unknown>;
}

/**
 * One database, the whole Shopify simulator (OAuth, Admin GraphQL, bulk files) and the app with the
 * dashboard and Shopify settings per file (or describe), started before its tests and closed after.
 * The jobs run with the app's services and the simulator-tuned sync (simulatorTunedSync).
 */
export function dashboardShopifySuite(target: DatabaseTarget): DashboardShopifySuite {
  let database: TestDatabase | undefined;
  let sim: FullShopifySimulator | undefined;
  let app: TestApp | undefined;
  let services: TestApp['services'] | undefined;
  beforeAll(async () => {
    database = await target.create();
    sim = await startFullShopifySimulator({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      // The subscriptions' address is the public URL: its deliveries go to the app's port; retries wait milliseconds.
      deliveries: { address: (url) => url.replace(PUBLIC_URL, app!.url), retries: 3, retryDelayMs: (n) => 10 * 2 ** (n - 1) },
    });
    app = await startTestApp(database, { ...dashboardEnv(), ...shopifyEnv(sim.baseUrlTemplate) });
    services = { ...app.services, shopify: simulatorTunedSync(app) };
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
    await database?.close();
  });
  return {
    get app() {
      return app!;
    },
    get sim() {
      return sim!;
    },
    async owner() {
      const account = await makeAccount(app!.db.prisma);
      return { accountId: account.id, ...(await signedInUser(app!, account.id, 'owner')) };
    },
    async runSync(accountId) {
      const runner = jobRunner({ prisma: app!.db.prisma, services: services!, jobs: [shopifySyncJob], demand: false, retryDelayMs: () => 0 });
      try {
        const [summary] = await runner.run('shopify-sync', accountId);
        expect(summary).toMatchObject({ status: 'succeeded' });
      } finally {
        await runner.stop();
      }
    },
    drain: () => jobRunner({ prisma: app!.db.prisma, services: services!, jobs: ALL_JOBS, retryDelayMs: () => 0 }).drain(),
  };
}

// The Shopify connector tests' shared steps: the app under test configured for the simulator,
// and the OAuth round trip a browser makes (dashboard -> install -> the shop's authorize page ->
// the callback), each hop checked.
import { expect } from '@jest/globals';
import type { TestApp } from '../../helpers/app.ts';
import { shopifyCallbackSignature } from '../../simulators/shopify/index.ts';

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

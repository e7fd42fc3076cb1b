// Shopify's OAuth authorization-code grant, simulated (shopify.dev: authorization-code grant;
// expiring offline tokens): the authorize page approves at once (the merchant clicking
// "Install") and redirects to redirect_uri with code, host, shop, state, timestamp and the hex
// hmac Shopify computes; the token endpoint checks the client credentials, takes each code once,
// issues expiring offline tokens with rotating refresh tokens (a used refresh token stops working),
// and can be told to revoke a shop's grant.
import { createHmac, randomBytes } from 'node:crypto';
import type { SimServer } from './server.ts';

export interface OAuthOptions {
  apiKey: string;
  apiSecret: string;
  /** Access token lifetime (expires_in), seconds. */
  accessTtlSeconds?: number;
  /** Refresh token lifetime (refresh_token_expires_in), seconds. */
  refreshTtlSeconds?: number;
}

interface Grant {
  shop: string;
  scopes: string[];
  revoked: boolean;
}

export interface OAuthSim {
  /** Scopes a shop's merchant grants instead of those asked (a narrower grant). */
  grantOnly(shop: string, scopes: string[] | null): void;
  /** The merchant uninstalled / the grant was revoked: every token and refresh token of the shop stops working. */
  revoke(shop: string): void;
  /** Whether a token is a live access token of the shop. */
  accessTokenValid(shop: string, token: string): boolean;
  /** Changes the lifetime of the tokens issued from now on. */
  setAccessTtl(seconds: number): void;
  /**
   * The shop's token endpoint answers the next `times` requests with `status` (429 with a
   * Retry-After, or a 5xx), as Shopify does when it rate-limits or fails; the grant is untouched.
   */
  failTokenRequests(shop: string, status: number, times: number): void;
  /**
   * Holds the shop's next token request unanswered until `release()` (a slow Shopify):
   * `arrived` resolves once the request is in.
   */
  holdTokenRequest(shop: string): { arrived: Promise<void>; release(): void };
  /** How many code exchanges and refresh grants succeeded. */
  readonly counts: { exchanges: number; refreshes: number; refused: number };
  /** The hmac Shopify signs a callback query with: hex HMAC-SHA256 over the sorted `k=v` pairs joined by `&` (hmac left out). */
  sign(params: Record<string, string>): string;
}

export function shopifyCallbackSignature(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${encodeURIComponent(params[k]!)}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function mountOAuth(server: SimServer, options: OAuthOptions): OAuthSim {
  let accessTtl = options.accessTtlSeconds ?? 3600;
  const refreshTtl = options.refreshTtlSeconds ?? 90 * 86_400;
  const codes = new Map<string, { shop: string; scopes: string[]; clientId: string }>();
  const access = new Map<string, { grant: Grant; expiresAt: number }>();
  const refresh = new Map<string, { grant: Grant; expiresAt: number; used: boolean }>();
  const grants = new Map<string, Grant[]>();
  const narrower = new Map<string, string[]>();
  const counts = { exchanges: 0, refreshes: 0, refused: 0 };
  const holds = new Map<string, { arrive: () => void; released: Promise<void> }>();
  const failing = new Map<string, { status: number; left: number }>();
  const token = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

  function issue(grant: Grant) {
    const accessToken = token('shpat');
    const refreshToken = token('shprt');
    const now = Date.now();
    access.set(accessToken, { grant, expiresAt: now + accessTtl * 1000 });
    refresh.set(refreshToken, { grant, expiresAt: now + refreshTtl * 1000, used: false });
    return {
      access_token: accessToken,
      scope: grant.scopes.join(','),
      expires_in: accessTtl,
      refresh_token: refreshToken,
      refresh_token_expires_in: refreshTtl,
    };
  }

  server.addRoute('GET', '/admin/oauth/authorize', ({ shop, query }) => {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== options.apiKey || !redirectUri)
      return { status: 400, body: { errors: 'Oauth error invalid_request: client_id or redirect_uri' } };
    const asked = (query.get('scope') ?? '').split(',').filter(Boolean);
    const scopes = narrower.get(shop) ?? asked;
    const code = randomBytes(16).toString('hex');
    codes.set(code, { shop, scopes, clientId: options.apiKey });
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.replace('.myshopify.com', '')}`).toString('base64'),
      shop,
      state: query.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    params.hmac = shopifyCallbackSignature(params, options.apiSecret);
    return { status: 302, headers: { location: `${redirectUri}?${new URLSearchParams(params).toString()}` } };
  });

  server.addRoute('POST', '/admin/oauth/access_token', async ({ shop, body }) => {
    const hold = holds.get(shop);
    if (hold) {
      holds.delete(shop);
      hold.arrive();
      await hold.released;
    }
    const failure = failing.get(shop);
    if (failure) {
      if (--failure.left <= 0) failing.delete(shop);
      return failure.status === 429
        ? {
            status: 429,
            headers: { 'retry-after': '2' },
            body: { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' },
          }
        : { status: failure.status, body: { errors: 'Internal Server Error' } };
    }
    let input: Record<string, unknown> = {};
    try {
      input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return { status: 400, body: { error: 'invalid_request' } };
    }
    if (input.client_id !== options.apiKey || input.client_secret !== options.apiSecret) {
      counts.refused++;
      return { status: 401, body: { error: 'invalid_client' } };
    }
    if (input.grant_type === 'refresh_token') {
      const held = typeof input.refresh_token === 'string' ? refresh.get(input.refresh_token) : undefined;
      if (!held || held.used || held.grant.revoked || held.grant.shop !== shop || held.expiresAt < Date.now()) {
        counts.refused++;
        return { status: 400, body: { error: 'invalid_grant', error_description: 'refresh token is invalid, used, revoked or expired' } };
      }
      held.used = true;
      counts.refreshes++;
      return { status: 200, body: issue(held.grant) };
    }
    const code = typeof input.code === 'string' ? codes.get(input.code) : undefined;
    if (!code || code.shop !== shop) {
      counts.refused++;
      return { status: 400, body: { error: 'invalid_grant', error_description: 'code is invalid or was used' } };
    }
    codes.delete(input.code as string);
    const grant: Grant = { shop, scopes: code.scopes, revoked: false };
    grants.set(shop, [...(grants.get(shop) ?? []), grant]);
    counts.exchanges++;
    return { status: 200, body: issue(grant) };
  });

  return {
    failTokenRequests(shop, status, times) {
      failing.set(shop, { status, left: times });
    },
    grantOnly(shop, scopes) {
      if (scopes) narrower.set(shop, scopes);
      else narrower.delete(shop);
    },
    revoke(shop) {
      for (const grant of grants.get(shop) ?? []) grant.revoked = true;
    },
    accessTokenValid(shop, value) {
      const held = access.get(value);
      return !!held && held.grant.shop === shop && !held.grant.revoked && held.expiresAt > Date.now();
    },
    setAccessTtl(seconds) {
      accessTtl = seconds;
    },
    holdTokenRequest(shop) {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(shop, { arrive, released });
      return { arrived, release };
    },
    counts,
    sign: (params) => shopifyCallbackSignature(params, options.apiSecret),
  };
}

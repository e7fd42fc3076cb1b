// The OAuth authorization-code grant with Shopify (docs/connectors/shopify.md): the authorize URL,
// the code exchange for an expiring offline token, and the refresh grant (each refresh returns a
// new refresh token; the old one stops working). Tokens never reach a log or an error message.
import { AppError } from '../../errors.ts';
import { RefreshRefused, type UpstreamTokens } from '../../domain/connections/index.ts';
import { shopUrl, shopifyCallbackUrl, type ShopifyConfig } from './config.ts';

const TIMEOUT_MS = 15_000;

export function authorizeUrl(config: ShopifyConfig, credentials: { apiKey: string; publicUrl: string }, shop: string, state: string): string {
  const query = new URLSearchParams({
    client_id: credentials.apiKey,
    scope: config.scopes.join(','),
    redirect_uri: shopifyCallbackUrl(credentials.publicUrl),
    state,
  });
  // An empty grant option asks for an offline (shop) token, not a per-user one.
  query.append('grant_options[]', '');
  return `${shopUrl(config, shop, '/admin/oauth/authorize')}?${query.toString()}`;
}

/** Scopes Shopify grants imply their read counterparts (write_orders covers read_orders). */
export function missingScopes(requested: readonly string[], granted: readonly string[]): string[] {
  const have = new Set(granted);
  for (const scope of granted) if (scope.startsWith('write_')) have.add(`read_${scope.slice('write_'.length)}`);
  return requested.filter((scope) => !have.has(scope));
}

interface TokenAnswer {
  access_token?: unknown;
  scope?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  /** An OAuth error answer's code (RFC 6749 section 5.2). */
  error?: unknown;
}

function tokensFrom(answer: TokenAnswer, now: Date): UpstreamTokens {
  if (typeof answer.access_token !== 'string' || !answer.access_token) throw new Error('the token answer has no access_token');
  const seconds = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
  const expiresIn = seconds(answer.expires_in);
  const refreshIn = seconds(answer.refresh_token_expires_in);
  return {
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token ? answer.refresh_token : null,
    accessExpiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000),
    refreshExpiresAt: refreshIn === null ? null : new Date(now.getTime() + refreshIn * 1000),
    scopes:
      typeof answer.scope === 'string'
        ? answer.scope
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
  };
}

async function postToken(config: ShopifyConfig, shop: string, body: Record<string, string>): Promise<{ status: number; answer: TokenAnswer }> {
  const res = await fetch(shopUrl(config, shop, '/admin/oauth/access_token'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  });
  const text = await res.text();
  let answer: TokenAnswer = {};
  try {
    answer = JSON.parse(text) as TokenAnswer;
  } catch {
    answer = {};
  }
  return { status: res.status, answer };
}

/** Exchanges the callback's code for an expiring offline token. */
export async function exchangeCode(
  config: ShopifyConfig,
  credentials: { apiKey: string; apiSecret: string },
  shop: string,
  code: string,
  now = new Date(),
): Promise<UpstreamTokens> {
  let result: { status: number; answer: TokenAnswer };
  try {
    result = await postToken(config, shop, { client_id: credentials.apiKey, client_secret: credentials.apiSecret, code, expiring: '1' });
  } catch {
    throw new AppError('conflict', 'Shopify could not be reached to exchange the code; start the install again.');
  }
  if (result.status !== 200) throw new AppError('invalid_parameter', 'Shopify refused the authorization code; start the install again.', { param: 'code' });
  try {
    return tokensFrom(result.answer, now);
  } catch {
    throw new AppError('conflict', 'Shopify answered the code exchange without a token; start the install again.');
  }
}

/**
 * The refresh grant. Only a refusal of the grant itself (OAuth's `invalid_grant`, answered 400 or
 * 401: a revoked grant, a used or expired refresh token) is RefreshRefused, which revokes the
 * integration. Anything else (429 or 408, a 5xx, another error code such as `invalid_client` when
 * the app's own credentials are wrong) is an Error: the caller retries later, the tokens kept.
 */
export async function refreshTokens(
  config: ShopifyConfig,
  credentials: { apiKey: string; apiSecret: string },
  shop: string,
  refreshToken: string,
  now = new Date(),
): Promise<UpstreamTokens> {
  const { status, answer } = await postToken(config, shop, {
    client_id: credentials.apiKey,
    client_secret: credentials.apiSecret,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
  if ((status === 400 || status === 401) && answer.error === 'invalid_grant')
    throw new RefreshRefused(`Shopify refused the token refresh (${status} invalid_grant)`);
  if (status !== 200) throw new Error(`Shopify answered the token refresh with ${status}`);
  return tokensFrom(answer, now);
}

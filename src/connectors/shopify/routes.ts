// The Shopify connector's HTTP edge (docs/connectors/shopify.md):
// - GET /integrations/shopify/install?shop=  a signed-in dashboard owner; redirects to the shop's
//   authorize page with a single-use state nonce bound to the user (stored, and in a cookie of
//   this browser);
// - GET /integrations/shopify/callback       verifies hmac, shop, timestamp and state, exchanges
//   the code for an expiring offline token, checks the scopes, stores the token sealed, connects
//   the integration, then redirects to the dashboard's integrations page;
// - POST /integrations/shopify/webhooks      verifies X-Shopify-Hmac-Sha256 over the raw body
//   first (401), stores the delivery in the inbox (a duplicate is acknowledged and dropped) and
//   answers 200; the connector-inbox job processes it;
// - GET /integrations/shopify/data-requests  a signed-in owner reads what customers/data_request
//   deliveries gathered.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ShopifyCore } from './core.ts';
import { normaliseShop, shopifyCredentials } from './config.ts';
import { authorizeUrl, exchangeCode, missingScopes } from './oauth.ts';
import { freshTimestamp, safeEqual, verifyCallbackHmac, verifyWebhookHmac, type Query } from './verify.ts';
import { afterShopifyConnected } from './hooks.ts';
import { SHOPIFY_PROVIDER } from './inbox.ts';

export const INSTALL_PATH = '/integrations/shopify/install';
export const CALLBACK_PATH = '/integrations/shopify/callback';
export const WEBHOOKS_PATH = '/integrations/shopify/webhooks';
export const DATA_REQUESTS_PATH = '/integrations/shopify/data-requests';
/** Where the callback sends the browser once the store is connected. */
export const INTEGRATIONS_PAGE = '/dashboard/integrations';
const STATE_COOKIE = 'svc_shopify_state';
const STATE_COOKIE_PATH = '/integrations/shopify';
/** Shopify's webhook payloads can be large (orders with many lines). */
const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;

export interface ShopifyRouteDeps {
  core: ShopifyCore;
  /** The dashboard session of the request (src/http/session-cookie.ts), 401 not_signed_in without one. */
  signedIn(request: FastifyRequest, reply: FastifyReply): Promise<{ accountId: string; userId: string | null; role: string | null }>;
  /** Whether cookies set for this request must be Secure (the session cookie's rule). */
  secureCookies(request: FastifyRequest): boolean;
  /** The per-address budget of public routes. */
  publicRoute(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

function stateCookie(request: FastifyRequest, deps: ShopifyRouteDeps, value: string, maxAge: number): string {
  // Lax: the callback is a top-level navigation from the shop's admin (another site).
  return `${STATE_COOKIE}=${value}; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${deps.secureCookies(request) ? '; Secure' : ''}`;
}

const invalid = (param: string, message: string) => new AppError('invalid_parameter', message, { param });

function credentialsOf(core: Pick<ShopifyCore, 'config'>) {
  const credentials = shopifyCredentials(core.config.shopify);
  if (!credentials)
    throw new AppError('not_configured', 'The Shopify app is not configured on this service (SHOPIFY_API_KEY, SHOPIFY_API_SECRET and PUBLIC_URL).');
  return credentials;
}

/** What starting an install checks (the route and the dashboard's startShopifyInstall): the app is configured and the shop is a shop domain. */
function installInput(core: Pick<ShopifyCore, 'config'>, rawShop: unknown) {
  const credentials = credentialsOf(core);
  const shop = normaliseShop(rawShop);
  if (!shop) throw invalid('shop', 'shop must be a shop domain like your-store.myshopify.com.');
  return { credentials, shop };
}

/**
 * The dashboard's start of an install (GraphQL startShopifyInstall): the same checks as the
 * install route, answering that route's same-origin address; the browser opens it, so the state
 * nonce is created, bound to the user and set in this browser's cookie there, as for a link.
 */
export function shopifyInstallStart(core: Pick<ShopifyCore, 'config'>, rawShop: unknown): { shop: string; installUrl: string } {
  const { shop } = installInput(core, rawShop);
  return { shop, installUrl: `${INSTALL_PATH}?shop=${encodeURIComponent(shop)}` };
}

/** A query of plain strings (a repeated key: several), nothing else. */
function queryOf(request: FastifyRequest): Query {
  const raw = (request.query ?? {}) as Record<string, unknown>;
  const query: Query = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') query[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) query[key] = value as string[];
  }
  return query;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : undefined;
};

export function shopifyRoutes(app: FastifyInstance, deps: ShopifyRouteDeps): void {
  const { core } = deps;
  const { connections, integrations } = core.services;
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  };

  app.get(INSTALL_PATH, { onRequest: [noStore, deps.publicRoute] }, async (request, reply) => {
    const session = await deps.signedIn(request, reply);
    if (session.role !== 'owner' || !session.userId) throw new AppError('owner_required', 'Only an owner of the account may connect a store.');
    const { credentials, shop } = installInput(core, queryOf(request).shop);
    const state = await connections.createOAuthState(session.accountId, session.userId, SHOPIFY_PROVIDER, shop);
    reply.header('set-cookie', stateCookie(request, deps, state, 600));
    return reply.redirect(authorizeUrl(core.config.shopify, credentials, shop, state), 302);
  });

  app.get(CALLBACK_PATH, { onRequest: [noStore, deps.publicRoute] }, async (request, reply) => {
    const credentials = credentialsOf(core);
    const query = queryOf(request);
    if (!verifyCallbackHmac(query, credentials.apiSecret)) throw new AppError('invalid_signature', 'The callback hmac is missing or wrong.');
    const shop = normaliseShop(query.shop);
    if (!shop) throw invalid('shop', 'shop is not a shop domain.');
    if (!freshTimestamp(query.timestamp, new Date()))
      throw invalid('timestamp', 'The callback is too old (or its timestamp is wrong); start the install again.');
    const state = typeof query.state === 'string' ? query.state : '';
    const cookie = readCookie(request.headers.cookie, STATE_COOKIE) ?? '';
    // The state must be the one this browser was given, and unused, unexpired and for this shop.
    if (!state || !safeEqual(state, cookie)) throw invalid('state', 'The state does not belong to this browser; start the install again.');
    const install = await connections.consumeOAuthState(state, SHOPIFY_PROVIDER);
    if (!install) throw invalid('state', 'The state is unknown, used or expired; start the install again.');
    if (install.shop !== shop) throw invalid('state', 'The state was issued for another shop; start the install again.');
    const code = typeof query.code === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(query.code) ? query.code : null;
    if (!code) throw invalid('code', 'code is missing or malformed.');
    if (await connections.shopHeldElsewhere(SHOPIFY_PROVIDER, shop, install.accountId)) {
      throw new AppError('conflict', 'This shop is connected to another account; disconnect it there first.');
    }
    const tokens = await exchangeCode(core.config.shopify, credentials, shop, code);
    const missing = missingScopes(core.config.shopify.scopes, tokens.scopes);
    if (missing.length) throw invalid('scope', `The store granted fewer access scopes than needed (missing: ${missing.join(', ')}); approve them all.`);
    const integration = await integrations.connectIntegration(install.accountId, {
      provider: SHOPIFY_PROVIDER,
      shop,
      scopes: tokens.scopes,
      tokenType: tokens.refreshToken ? 'offline_expiring' : 'offline',
    });
    await connections.storeTokens(integration.id, tokens);
    try {
      await afterShopifyConnected(core, integration.id);
    } catch (error) {
      // Connected either way: what follows (webhook subscriptions, the backfill) is retried by the sync side.
      request.log.error({ err: error, integrationId: integration.id }, 'after shopify connected');
    }
    reply.header('set-cookie', stateCookie(request, deps, '', 0));
    return reply.redirect(`${INTEGRATIONS_PAGE}?connected=shopify&shop=${encodeURIComponent(shop)}`, 302);
  });

  // customers/data_request answers for the account's owner: what was gathered for each request.
  app.get(DATA_REQUESTS_PATH, { onRequest: [noStore, deps.publicRoute] }, async (request, reply) => {
    const session = await deps.signedIn(request, reply);
    if (session.role !== 'owner') throw new AppError('owner_required', 'Only an owner of the account may read data requests.');
    const requests = await connections.listDeliveries(session.accountId, { topic: 'customers/data_request' }, 500);
    return {
      data: requests.map((r) => ({
        id: r.id,
        shop: r.shop,
        received_at: r.receivedAt.toISOString(),
        status: r.status,
        // Null until processed, and once the customer or the shop was redacted.
        result: r.result ?? null,
      })),
    };
  });

  // The raw body is what Shopify signs: this scope reads every body as bytes.
  void app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    hooks.post(WEBHOOKS_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const credentials = credentialsOf(core);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!verifyWebhookHmac(body, request.headers['x-shopify-hmac-sha256'], credentials.apiSecret)) {
        throw new AppError('invalid_signature', 'X-Shopify-Hmac-Sha256 is missing or wrong.');
      }
      const topic = header(request, 'x-shopify-topic');
      const shop = normaliseShop(header(request, 'x-shopify-shop-domain'));
      const webhookId = header(request, 'x-shopify-webhook-id');
      const eventId = header(request, 'x-shopify-event-id');
      if (!topic) throw invalid('X-Shopify-Topic', 'X-Shopify-Topic is required.');
      if (!shop) throw invalid('X-Shopify-Shop-Domain', 'X-Shopify-Shop-Domain must be a shop domain.');
      if (!webhookId && !eventId) throw invalid('X-Shopify-Webhook-Id', 'X-Shopify-Webhook-Id is required.');
      const integration = await connections.integrationForShop(SHOPIFY_PROVIDER, shop);
      if (!integration) {
        request.log.info({ shop, topic }, 'shopify webhook for an unknown shop: acknowledged and dropped');
        return reply.code(200).send({ received: true });
      }
      const triggered = header(request, 'x-shopify-triggered-at');
      const triggeredAt = triggered && !Number.isNaN(Date.parse(triggered)) ? new Date(triggered) : null;
      // The same event (retries, a second subscription) is one delivery: keyed by the event when
      // Shopify names it, else by the webhook id (kept across retries).
      const dedupKey = eventId ? `event:${topic}:${eventId}` : `webhook:${webhookId}`;
      const stored = await connections.receive({
        provider: SHOPIFY_PROVIDER,
        dedupKey,
        accountId: integration.accountId,
        integrationId: integration.id,
        shop,
        topic,
        triggeredAt,
        body: body.toString('utf8'),
      });
      return reply.code(200).send({ received: true, duplicate: !stored });
    });
  });
}

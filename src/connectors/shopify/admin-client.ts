// The Shopify Admin GraphQL client (docs/connectors/shopify-sync.md): POST
// {base}/admin/api/{version}/graphql.json with X-Shopify-Access-Token, throttled from the answers'
// own `extensions.cost` (no fixed rates: the shop's plan sets its bucket and restore rate). Before a
// query it waits until the bucket, as last reported and restored since, holds the query's expected
// cost; a THROTTLED answer, a 429 or a 5xx is retried with backoff (bounded). The token comes from
// a source asked again after a 401 (an access token expires after an hour, a sync run can outlast
// it: asking again refreshes it): the query is retried once with the new token. A 401 with a token
// just obtained (or from a fixed token), or a 403, is a ShopifyTokenError, so the caller can revoke
// the integration. Tokens never appear in errors.
import { setTimeout as delay } from 'node:timers/promises';
import { adminGraphqlUrl } from './config.ts';

export interface ShopifyApiConfig {
  /** The pinned Admin API version, YYYY-MM (SHOPIFY_API_VERSION). */
  apiVersion: string;
  /** Template for every call to a shop (SHOPIFY_BASE_URL): `https://{shop}`, or a simulator's `http://127.0.0.1:4100/{shop}`. */
  baseUrl: string;
}

/** What part A's token store answers for an integration (a fresh, refreshed-if-needed access token). */
export type ShopifyTokenSource = (integrationId: number) => Promise<{ shop: string; accessToken: string }>;

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** The upstream refused the token (401/403): the integration is to be revoked. */
export class ShopifyTokenError extends Error {
  constructor(
    readonly shop: string,
    readonly status: number,
  ) {
    super(`Shopify refused the access token for ${shop} (HTTP ${status})`);
    this.name = 'ShopifyTokenError';
  }
}

/** The upstream failed after the retries, or answered GraphQL errors other than THROTTLED. */
export class ShopifyApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ShopifyApiError';
  }
}

export interface AdminClientOptions {
  /** Retries of one query after THROTTLED, 429 or 5xx (default 8). */
  maxRetries?: number;
  /** The first backoff in ms, doubled per retry, capped at 30 s (default 500). */
  backoffMs?: number;
  /** The cost assumed for a query never seen (default 50); afterwards its last requested cost. */
  defaultCost?: number;
  fetch?: typeof fetch;
  /** Waits `ms` (or until aborted); replaceable so a bench can count waits. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const sleepFor = (ms: number, signal?: AbortSignal): Promise<void> => delay(ms, undefined, { signal });

interface GraphqlAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: { cost?: { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ThrottleStatus } };
}

export interface AdminClient {
  readonly shop: string;
  /** Runs one query or mutation; answers `data` (GraphQL errors other than THROTTLED throw). */
  query<T>(query: string, variables?: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
  /** The bucket as last reported (null before the first answer). */
  throttle(): ThrottleStatus | null;
}

/**
 * The access token of a client: a fixed token, or a function answering a valid one (the current
 * token, refreshed if it expires soon), asked at the first query and again after a 401.
 */
export type AccessTokenSource = string | (() => Promise<string>);

/** A client for one shop. */
export function adminClient(config: ShopifyApiConfig, shop: string, token: AccessTokenSource, options: AdminClientOptions = {}): AdminClient {
  const url = adminGraphqlUrl(config, shop);
  /** The token in use (null until the first query asks the source). */
  let accessToken: string | null = typeof token === 'string' ? token : null;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const maxRetries = options.maxRetries ?? 8;
  const backoffMs = options.backoffMs ?? 500;
  /** The last reported bucket and when it was reported. */
  let bucket: { status: ThrottleStatus; at: number } | null = null;
  /** The last requested cost of each query text: what the next run of it will ask. */
  const costs = new Map<string, number>();

  const available = (now: number) =>
    bucket ? Math.min(bucket.status.maximumAvailable, bucket.status.currentlyAvailable + ((now - bucket.at) / 1000) * bucket.status.restoreRate) : Infinity;

  /** Waits until the bucket can pay `cost` (or is full, for a query dearer than the whole bucket). */
  async function waitFor(cost: number, signal?: AbortSignal) {
    if (!bucket) return;
    const need = Math.min(cost, bucket.status.maximumAvailable);
    const missing = need - available(Date.now());
    if (missing > 0 && bucket.status.restoreRate > 0) await sleep(Math.ceil((missing / bucket.status.restoreRate) * 1000), signal);
  }

  function record(answer: GraphqlAnswer<unknown>, query: string) {
    const cost = answer.extensions?.cost;
    if (cost?.throttleStatus) bucket = { status: cost.throttleStatus, at: Date.now() };
    if (typeof cost?.requestedQueryCost === 'number') costs.set(query, cost.requestedQueryCost);
  }

  return {
    shop,
    throttle: () => bucket?.status ?? null,
    async query<T>(query: string, variables: Record<string, unknown> = {}, signal?: AbortSignal): Promise<T> {
      /** Whether this query already got a new token after a 401 (at most once). */
      let renewed = false;
      for (let attempt = 0; ; attempt++) {
        if (accessToken === null) accessToken = await (token as () => Promise<string>)();
        const used = accessToken;
        await waitFor(costs.get(query) ?? options.defaultCost ?? 50, signal);
        const retry = async (why: string, status: number | null) => {
          if (attempt >= maxRetries) throw new ShopifyApiError(`Shopify Admin API for ${shop}: ${why} after ${attempt + 1} attempts`, status);
          await sleep(Math.min(30_000, backoffMs * 2 ** attempt), signal);
        };
        let response: Response;
        try {
          response = await doFetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': used },
            body: JSON.stringify({ query, variables }),
            // The access token must never follow a redirect to another host: a redirect is an error.
            redirect: 'error',
            signal,
          });
        } catch (error) {
          if (signal?.aborted) throw error;
          await retry(`network error (${(error as Error).message})`, null);
          continue;
        }
        if (response.status === 401 && typeof token !== 'string' && !renewed) {
          await response.body?.cancel();
          // Expired mid-run, or refreshed meanwhile by another process: ask the source again (it
          // refreshes an expiring token, and revokes the integration when Shopify refuses that).
          renewed = true;
          // Another query of this client may have renewed it already.
          accessToken = accessToken === used ? await token() : accessToken;
          if (accessToken !== used) continue;
          throw new ShopifyTokenError(shop, response.status);
        }
        if (response.status === 401 || response.status === 403) {
          await response.body?.cancel();
          throw new ShopifyTokenError(shop, response.status);
        }
        if (response.status === 429 || response.status >= 500) {
          await response.body?.cancel();
          const after = Number(response.headers.get('retry-after'));
          if (after > 0 && attempt < maxRetries) await sleep(after * 1000, signal);
          await retry(`HTTP ${response.status}`, response.status);
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw new ShopifyApiError(`Shopify Admin API for ${shop}: HTTP ${response.status}`, response.status);
        }
        const answer = (await response.json()) as GraphqlAnswer<T>;
        record(answer, query);
        const errors = answer.errors ?? [];
        if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
          // The answer reported the bucket and the query's cost: waitFor, at the loop's top, waits for it.
          if (!answer.extensions?.cost?.throttleStatus) await retry('THROTTLED', response.status);
          else if (attempt >= maxRetries) throw new ShopifyApiError(`Shopify Admin API for ${shop}: THROTTLED after ${attempt + 1} attempts`, response.status);
          continue;
        }
        if (errors.length) throw new ShopifyApiError(`Shopify Admin API for ${shop}: ${errors.map((e) => e.message).join('; ')}`, response.status);
        return answer.data as T;
      }
    },
  };
}

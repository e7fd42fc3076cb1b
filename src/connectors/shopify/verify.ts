// Shopify's signatures as small pure functions (docs/connectors/shopify.md):
// - the OAuth callback's `hmac`: lowercase hex HMAC-SHA256, keyed with the app secret, over the
//   query without `hmac` and `signature`, keys sorted, serialised as URLSearchParams does (a
//   repeated key as `key[]=...`, spaces as %20);
// - a webhook's X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw body.
// Both compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A query as parsed: one string, or several for a repeated key. */
export type Query = Record<string, string | string[] | undefined>;

/** The message the callback `hmac` signs. */
export function callbackMessage(query: Query): string {
  const params = new URLSearchParams();
  const keys = Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature' && query[k] !== undefined)
    .sort((a, b) => a.localeCompare(b));
  for (const key of keys) {
    const value = query[key]!;
    if (Array.isArray(value)) params.append(`${key}[]`, value.join(','));
    else params.append(key, value);
  }
  return params.toString().replace(/\+/g, '%20');
}

export const callbackHmac = (query: Query, secret: string): string => createHmac('sha256', secret).update(callbackMessage(query)).digest('hex');

export const webhookHmac = (rawBody: Buffer | string, secret: string): string => createHmac('sha256', secret).update(rawBody).digest('base64');

/** Equal strings in constant time (different lengths: false, without comparing). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function verifyCallbackHmac(query: Query, secret: string): boolean {
  const given = query.hmac;
  return typeof given === 'string' && /^[0-9a-f]{64}$/i.test(given) && safeEqual(given.toLowerCase(), callbackHmac(query, secret));
}

export function verifyWebhookHmac(rawBody: Buffer, header: string | string[] | undefined, secret: string): boolean {
  return typeof header === 'string' && header.length > 0 && header.length <= 100 && safeEqual(header, webhookHmac(rawBody, secret));
}

/** The callback's `timestamp` (seconds) is within `windowSeconds` of now. */
export function freshTimestamp(timestamp: unknown, now: Date, windowSeconds = 90): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now.getTime() / 1000 - Number(timestamp)) <= windowSeconds;
}

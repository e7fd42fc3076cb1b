// What a delivery carries: the exact body, its signatures and the decided headers
// (decisions.md, "Webhooks"), plus the Standard Webhooks headers (standardwebhooks.com) beside
// them. The body string built here is both the signed bytes and the sent bytes.
import { createHmac, createSecretKey, type Hmac, type KeyObject } from 'node:crypto';

export const USER_AGENT = 'svc-webhooks/1';

/** `{"event":name,"data":{...}}`, compact JSON. */
export const deliveryBody = (event: string, data: unknown): string => JSON.stringify({ event, data });

const withoutPrefix = (secret: string) => (secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);

// HMAC keys made once per secret (at most MAX_KEYS per encoding, then the cache starts over) instead
// of from the secret's text on every attempt; one map per encoding, keyed by the secret itself (the
// opened secret is the same string on every attempt, so its hash is computed once).
const MAX_KEYS = 10_000;
const keys = { utf8: new Map<string, KeyObject>(), base64: new Map<string, KeyObject>() };
function hmacKey(secret: string, encoding: 'utf8' | 'base64'): KeyObject {
  const made = keys[encoding];
  let key = made.get(secret);
  if (!key) {
    if (made.size >= MAX_KEYS) made.clear();
    made.set(secret, (key = createSecretKey(Buffer.from(withoutPrefix(secret), encoding))));
  }
  return key;
}

/** A body as signed and sent: its text, or the same text encoded once as UTF-8 (a claim encodes each event's body once). */
export type Body = string | Buffer;

/** HMAC-SHA256 over `<prefix><body>`, the body fed as it is (no joined string). */
function hmacOver(key: KeyObject, prefix: string, body: Body): Hmac {
  const hmac = createHmac('sha256', key).update(prefix, 'utf8');
  return typeof body === 'string' ? hmac.update(body, 'utf8') : hmac.update(body);
}

/**
 * X-Service-Signature: lowercase hex HMAC-SHA256 over `<timestamp>.<body>`, keyed with the secret
 * minus `whsec_` (the same bytes as the receivers' computeSignature in src/webhooks/verify.ts,
 * which the delivery tests verify with).
 */
export const contractSignature = (secret: string, timestamp: string, body: Body): string =>
  hmacOver(hmacKey(secret, 'utf8'), `${timestamp}.`, body).digest('hex');

/**
 * A Standard Webhooks signature, `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<body>`, keyed
 * as that specification keys it: the secret after `whsec_`, base64-decoded (our secrets are 32
 * base62 characters, which are valid base64, so receivers pass the same whsec_ string).
 */
export function standardSignature(secret: string, id: string, timestamp: string, body: Body): string {
  return `v1,${hmacOver(hmacKey(secret, 'base64'), `${id}.${timestamp}.`, body).digest('base64')}`;
}

export interface HeaderInput {
  /** The current secret: X-Service-Signature, as the contract says. */
  secret: string;
  /** The secret before a rotation, during its grace period: X-Service-Signature-Previous. */
  previousSecret?: string | null;
  event: string;
  deliveryId: string;
  body: Body;
  now: Date | number;
}

/**
 * The request headers of one attempt as a flat list of names and values, in the order they are
 * sent (the timestamp is the attempt's, in Unix seconds; `now` a Date or epoch milliseconds).
 */
export function deliveryHeaderList(input: HeaderInput): string[] {
  const timestamp = String(Math.floor((typeof input.now === 'number' ? input.now : input.now.getTime()) / 1000));
  const { secret, previousSecret, deliveryId, body } = input;
  const list = ['Content-Type', 'application/json', 'User-Agent', USER_AGENT, 'X-Service-Event', input.event, 'X-Service-Delivery', deliveryId];
  list.push('X-Service-Timestamp', timestamp, 'X-Service-Signature', contractSignature(secret, timestamp, body));
  if (previousSecret) list.push('X-Service-Signature-Previous', contractSignature(previousSecret, timestamp, body));
  let standard = standardSignature(secret, deliveryId, timestamp, body);
  if (previousSecret) standard += ` ${standardSignature(previousSecret, deliveryId, timestamp, body)}`;
  list.push('webhook-id', deliveryId, 'webhook-timestamp', timestamp, 'webhook-signature', standard);
  return list;
}

/** The same headers as an object. */
export function deliveryHeaders(input: HeaderInput): Record<string, string> {
  const list = deliveryHeaderList(input);
  const headers: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) headers[list[i]!] = list[i + 1]!;
  return headers;
}

// What a delivery carries: the exact body, its signatures and the decided headers
// (decisions.md, "Webhooks"), plus the Standard Webhooks headers (standardwebhooks.com) beside
// them. The body string built here is both the signed bytes and the sent bytes.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

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

/**
 * X-Service-Signature: lowercase hex HMAC-SHA256 over `<timestamp>.<body>`, keyed with the secret
 * minus `whsec_` (the same bytes as the receivers' computeSignature in src/webhooks/verify.ts,
 * which the delivery tests verify with).
 */
export const contractSignature = (secret: string, timestamp: string, body: string): string =>
  createHmac('sha256', hmacKey(secret, 'utf8')).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/**
 * A Standard Webhooks signature, `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<body>`, keyed
 * as that specification keys it: the secret after `whsec_`, base64-decoded (our secrets are 32
 * base62 characters, which are valid base64, so receivers pass the same whsec_ string).
 */
export function standardSignature(secret: string, id: string, timestamp: string, body: string): string {
  return `v1,${createHmac('sha256', hmacKey(secret, 'base64')).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

export interface HeaderInput {
  /** The current secret: X-Service-Signature, as the contract says. */
  secret: string;
  /** The secret before a rotation, during its grace period: X-Service-Signature-Previous. */
  previousSecret?: string | null;
  event: string;
  deliveryId: string;
  body: string;
  now: Date;
}

/** The request headers of one attempt (the timestamp is the attempt's, in Unix seconds). */
export function deliveryHeaders(input: HeaderInput): Record<string, string> {
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  const secrets = input.previousSecret ? [input.secret, input.previousSecret] : [input.secret];
  return {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-Service-Event': input.event,
    'X-Service-Delivery': input.deliveryId,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature': contractSignature(input.secret, timestamp, input.body),
    ...(input.previousSecret ? { 'X-Service-Signature-Previous': contractSignature(input.previousSecret, timestamp, input.body) } : {}),
    'webhook-id': input.deliveryId,
    'webhook-timestamp': timestamp,
    'webhook-signature': secrets.map((secret) => standardSignature(secret, input.deliveryId, timestamp, input.body)).join(' '),
  };
}

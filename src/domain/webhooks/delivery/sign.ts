// What a delivery carries: the exact body, its signatures and the decided headers
// (decisions.md, "Webhooks"), plus the Standard Webhooks headers (standardwebhooks.com) beside
// them. The body string built here is both the signed bytes and the sent bytes.
import { createHmac } from 'node:crypto';
import { computeSignature } from '../../../webhooks/verify.ts';

export const USER_AGENT = 'svc-webhooks/1';

/** `{"event":name,"data":{...}}`, compact JSON. */
export const deliveryBody = (event: string, data: unknown): string => JSON.stringify({ event, data });

/**
 * A Standard Webhooks signature, `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<body>`, keyed
 * as that specification keys it: the secret after `whsec_`, base64-decoded (our secrets are 32
 * base62 characters, which are valid base64, so receivers pass the same whsec_ string).
 */
export function standardSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
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
    // Signed by the receivers' own library, so the sender and the documented check cannot drift.
    'X-Service-Signature': computeSignature(input.secret, timestamp, input.body),
    ...(input.previousSecret ? { 'X-Service-Signature-Previous': computeSignature(input.previousSecret, timestamp, input.body) } : {}),
    'webhook-id': input.deliveryId,
    'webhook-timestamp': timestamp,
    'webhook-signature': secrets.map((secret) => standardSignature(secret, input.deliveryId, timestamp, input.body)).join(' '),
  };
}

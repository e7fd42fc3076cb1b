// What a delivery carries: the exact body, its signature and the decided headers
// (decisions.md, "Webhooks"). The body string built here is both the signed bytes and the sent bytes.
import { createHmac } from 'node:crypto';
import { SECRET_PREFIX } from '../service.ts';

export const USER_AGENT = 'svc-webhooks/1';

/** `{"event":name,"data":{...}}`, compact JSON. */
export const deliveryBody = (event: string, data: unknown): string => JSON.stringify({ event, data });

/** Lowercase hex HMAC-SHA256 over `<timestamp>.<body>`, keyed with the secret without `whsec_`. */
export function signDelivery(secret: string, timestamp: string, body: string): string {
  const key = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return createHmac('sha256', key).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The request headers of one attempt (the timestamp is the attempt's, in Unix seconds). */
export function deliveryHeaders(input: { secret: string; event: string; deliveryId: string; body: string; now: Date }): Record<string, string> {
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  return {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-Service-Event': input.event,
    'X-Service-Delivery': input.deliveryId,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature': signDelivery(input.secret, timestamp, input.body),
  };
}

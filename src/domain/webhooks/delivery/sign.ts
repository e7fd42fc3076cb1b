// What a delivery carries: the exact body, its signature and the decided headers
// (decisions.md, "Webhooks"). The body string built here is both the signed bytes and the sent bytes.
import { computeSignature } from '../../../webhooks/verify.ts';

export const USER_AGENT = 'svc-webhooks/1';

/** `{"event":name,"data":{...}}`, compact JSON. */
export const deliveryBody = (event: string, data: unknown): string => JSON.stringify({ event, data });


/** The request headers of one attempt (the timestamp is the attempt's, in Unix seconds). */
export function deliveryHeaders(input: { secret: string; event: string; deliveryId: string; body: string; now: Date }): Record<string, string> {
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  return {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-Service-Event': input.event,
    'X-Service-Delivery': input.deliveryId,
    'X-Service-Timestamp': timestamp,
    // Signed by the receivers' own library, so the sender and the documented check cannot drift.
    'X-Service-Signature': computeSignature(input.secret, timestamp, input.body),
  };
}

// Verifying a webhook delivery on the receiving side. Self-contained (only node:crypto) so that a
// receiver can copy this one file. See docs/webhooks.md.
//
//   const result = verifyWebhook({ secret, rawBody, signature: req.headers['x-service-signature'],
//                                  previousSignature: req.headers['x-service-signature-previous'],
//                                  timestamp: req.headers['x-service-timestamp'] });
//   if (!result.ok) return reply.code(400).send(result.reason);
//
// While a secret is rotated, pass both (`secret: [newSecret, oldSecret]`): a delivery signed with
// either, in either header, is accepted.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Receivers should reject a timestamp further than this from their clock (decided: 300 s). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyInput {
  /**
   * The subscription secret as shown at creation (`whsec_…`; the prefix is not part of the key),
   * or the secrets a receiver accepts while it switches after a rotation.
   */
  secret: string | readonly string[];
  /** The request body exactly as received (bytes or string), before any JSON parsing. */
  rawBody: Buffer | Uint8Array | string;
  /** The X-Service-Signature header. */
  signature: string | string[] | undefined | null;
  /** The X-Service-Signature-Previous header (sent during a rotation's grace period), if any. */
  previousSignature?: string | string[] | undefined | null;
  /** The X-Service-Timestamp header (Unix seconds). */
  timestamp: string | string[] | undefined | null;
  /** Allowed distance between the timestamp and `now`, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock (default: now). */
  now?: Date;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing_signature' | 'missing_timestamp' | 'invalid_timestamp' | 'timestamp_out_of_window' | 'invalid_signature' };

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const SECONDS = /^\d{1,12}$/;

const single = (header: string | string[] | undefined | null): string | null =>
  typeof header === 'string' ? header : Array.isArray(header) && header.length === 1 ? (header[0] ?? null) : null;

/** Lowercase hex HMAC-SHA256 over `<timestamp>.<raw body>` with the secret minus `whsec_`. */
export function computeSignature(secret: string, timestamp: string, rawBody: Buffer | Uint8Array | string): string {
  const key = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  const hmac = createHmac('sha256', key);
  hmac.update(`${timestamp}.`, 'utf8');
  hmac.update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody);
  return hmac.digest('hex');
}

/**
 * Checks a delivery: timestamp present, a decimal number of seconds within the window; signature
 * present, of the right length, and equal (compared in constant time) to the expected one.
 */
export function verifyWebhook(input: VerifyInput): VerifyResult {
  const signature = single(input.signature);
  const timestamp = single(input.timestamp);
  if (!signature) return { ok: false, reason: 'missing_signature' };
  if (!timestamp) return { ok: false, reason: 'missing_timestamp' };
  if (!SECONDS.test(timestamp)) return { ok: false, reason: 'invalid_timestamp' };
  const seconds = Number(timestamp);
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - seconds) > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'timestamp_out_of_window' };
  }
  const given = [signature, single(input.previousSignature)].filter((s): s is string => s !== null && HEX_SHA256.test(s)).map((s) => Buffer.from(s, 'utf8'));
  const secrets = typeof input.secret === 'string' ? [input.secret] : input.secret;
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(computeSignature(secret, timestamp, input.rawBody), 'utf8');
    // Every pair is compared (no early exit), each in constant time; the hex form fixes the length.
    for (const candidate of given) if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
  }
  if (!matched) return { ok: false, reason: 'invalid_signature' };
  return { ok: true, timestamp: seconds };
}

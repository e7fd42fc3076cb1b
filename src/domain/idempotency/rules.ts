// The rules of Idempotency-Key: what a usable key is, what "the same request" means, and how
// long a key is kept and a claim held.
import { createHash } from 'node:crypto';
import { AppError } from '../../errors.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Printable ASCII (a UUID, say), with no space at either end. */
const KEY_PATTERN = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/;
/** Expired keys are deleted at most this often by a process. */
export const SWEEP_INTERVAL_MS = 60_000;

const badKey = (message: string) => new AppError('invalid_parameter', message, { param: IDEMPOTENCY_HEADER });

/** The key of a request's header value, or null without one; 400 invalid_parameter when it is not a usable key. */
export function parseIdempotencyKey(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  if (Array.isArray(value)) throw badKey(`Send one ${IDEMPOTENCY_HEADER} header.`);
  if (value.length === 0) throw badKey(`${IDEMPOTENCY_HEADER} must not be empty.`);
  if (value.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw badKey(`${IDEMPOTENCY_HEADER} must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`);
  if (!KEY_PATTERN.test(value)) throw badKey(`${IDEMPOTENCY_HEADER} must be printable ASCII (a UUID, for example).`);
  return value;
}

/** What "the same request" means: method, path with query, and the JSON body. */
export function idempotencyRequestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

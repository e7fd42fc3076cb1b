// The Idempotency-Key rules: which header values are keys, and what "the same request" is.
import { AppError } from '../../src/errors.ts';
import { idempotencyRequestHash, parseIdempotencyKey } from '../../src/domain/idempotency/index.ts';

test('absent is no key; a UUID, 1 and 255 printable characters, inner spaces are keys', () => {
  expect(parseIdempotencyKey(undefined)).toBeNull();
  for (const key of ['6f1c2a1e-4b8e-4e55-9f59-1f5d8f3b1f7a', 'k', 'k'.repeat(255), 'order 42/retry', '~!@#$%^&*()']) expect(parseIdempotencyKey(key)).toBe(key);
});

test.each([
  ['empty', ''],
  ['256 characters', 'k'.repeat(256)],
  ['leading space', ' k'],
  ['trailing space', 'k '],
  ['a control character', 'a\u0001b'],
  ['non-ASCII', 'clé'],
  ['repeated headers', ['a', 'b']],
])('%s is 400 invalid_parameter with param Idempotency-Key', (_name, value) => {
  let error: unknown;
  try {
    parseIdempotencyKey(value);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'invalid_parameter', details: { param: 'Idempotency-Key' } });
});

test('the request hash covers method, path with query and body', () => {
  const base = idempotencyRequestHash('POST', '/api/v1/track', { event: 'a' });
  expect(base).toMatch(/^[0-9a-f]{64}$/);
  expect(idempotencyRequestHash('post', '/api/v1/track', { event: 'a' })).toBe(base);
  expect(idempotencyRequestHash('POST', '/api/v1/track?x=1', { event: 'a' })).not.toBe(base);
  expect(idempotencyRequestHash('POST', '/api/v1/webhooks', { event: 'a' })).not.toBe(base);
  expect(idempotencyRequestHash('POST', '/api/v1/track', { event: 'b' })).not.toBe(base);
});

// API key format: prefix, randomness, checksum (typos are caught before any database query).
import { checkApiKey, displayPrefix, generateApiKey, hashApiKey } from '../../src/domain/keys/index.ts';

test('keys carry their environment, at least 128 bits of base62 and a checksum', () => {
  const { key, prefix, hash } = generateApiKey('live');
  expect(key).toMatch(/^svc_live_[0-9A-Za-z]{30}$/);
  expect(24 * Math.log2(62)).toBeGreaterThanOrEqual(128);
  expect(prefix).toBe(key.slice(0, 15));
  expect(displayPrefix(key)).toBe(prefix);
  expect(hash).toBe(hashApiKey(key));
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(checkApiKey(key)).toBe('live');
  expect(checkApiKey(generateApiKey('test').key)).toBe('test');
});

test('every single-character typo is rejected by the checksum', () => {
  const { key } = generateApiKey('test');
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let accepted = 0;
  for (let i = 9; i < key.length; i++) {
    for (const c of alphabet) {
      if (c === key[i]) continue;
      if (checkApiKey(key.slice(0, i) + c + key.slice(i + 1))) accepted++;
    }
  }
  expect(accepted).toBe(0);
});

test('malformed tokens are rejected', () => {
  for (const token of ['', 'svc_', 'svc_prod_abc', 'sk_live_123', `svc_live_${'a'.repeat(29)}`, `svc_live_${'a'.repeat(31)}`]) {
    expect(checkApiKey(token)).toBeNull();
  }
});

test('keys are unique', () => {
  const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey('test').key));
  expect(keys.size).toBe(2000);
});

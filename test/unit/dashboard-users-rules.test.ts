// Dashboard users' pure rules: the scrypt hash format (parameters inside, so they can change), the
// password checks, e-mail normalisation and the lock's countdown (the counting itself is one SQL statement, tested
// through HTTP in test/integration/dashboard-auth.test.ts).
import { hashPassword, normalizeEmail, SCRYPT_PARAMS, verifyPassword, LOCKOUT } from '../../src/domain/users/index.ts';
import { checkNewPassword, lockedForSeconds } from '../../src/domain/users/rules.ts';
import { generatePassword } from '../../src/domain/users/password.ts';
import { AppError } from '../../src/errors.ts';

test('a hash names its parameters and verifies only its own password', async () => {
  const hash = await hashPassword('correct horse battery');
  const [scheme, log2N, r, p, salt, key] = hash.split('$');
  expect([scheme, Number(log2N), Number(r), Number(p)]).toEqual(['scrypt', SCRYPT_PARAMS.log2N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
  expect(Buffer.from(salt!, 'base64url')).toHaveLength(SCRYPT_PARAMS.saltBytes);
  expect(Buffer.from(key!, 'base64url')).toHaveLength(SCRYPT_PARAMS.keyBytes);
  expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  // Two hashes of one password differ (random salt).
  expect(await hashPassword('correct horse battery')).not.toBe(hash);
});

test('a hash with other parameters still verifies; unreadable or absurd ones never do', async () => {
  const hash = await hashPassword('correct horse battery');
  expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
  expect(await verifyPassword('x', '')).toBe(false);
  expect(await verifyPassword('correct horse battery', hash.replace(/^scrypt\$15\$/, 'scrypt$30$'))).toBe(false);
  // Weaker parameters written earlier (N = 2^14) keep working.
  const { scryptSync } = await import('node:crypto');
  const salt = Buffer.alloc(16, 7);
  const old = ['scrypt', 14, 8, 1, salt.toString('base64url'), scryptSync('old one', salt, 64, { N: 2 ** 14, r: 8, p: 1 }).toString('base64url')].join('$');
  expect(await verifyPassword('old one', old)).toBe(true);
});

test('one-time passwords: 16 characters without look-alikes, all different', () => {
  const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
  expect(seen.size).toBe(200);
  for (const password of seen) expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{16}$/);
});

test('password and e-mail checks', () => {
  expect(() => checkNewPassword('eleven char')).toThrow(AppError);
  expect(() => checkNewPassword('twelve chars')).not.toThrow();
  expect(() => checkNewPassword('x'.repeat(257))).toThrow(AppError);
  expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  for (const bad of ['', 'ann', 'ann@', '@example.com', 'a b@example.com', `${'a'.repeat(250)}@example.com`])
    expect(() => normalizeEmail(bad)).toThrow(AppError);
});

test('a lock counts down to its end and no further', () => {
  const now = new Date('2026-11-24T00:00:00Z');
  const state = { failedAttempts: 0, lockedUntil: new Date(now.getTime() + LOCKOUT.minutes * 60_000), lastFailedAt: now };
  expect(lockedForSeconds(state, now)).toBe(LOCKOUT.minutes * 60);
  expect(lockedForSeconds(state, new Date(now.getTime() + LOCKOUT.minutes * 60_000))).toBe(0);
  expect(lockedForSeconds(null, now)).toBe(0);
});

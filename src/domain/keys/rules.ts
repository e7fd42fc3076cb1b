// API key format: svc_<env>_<24 base62 random characters><6 base62 checksum characters>.
// 24 base62 characters carry about 143 bits of randomness. The checksum (CRC-32 of everything
// before it) lets a mistyped key be rejected before any database query. Only the SHA-256 of the
// whole key is stored, plus a display prefix.
import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 24;
const CHECKSUM_LENGTH = 6;
export const KEY_PREFIX = 'svc_';
const KEY_PATTERN = /^svc_(live|test)_([0-9A-Za-z]{24})([0-9A-Za-z]{6})$/;

export type KeyEnvironment = 'live' | 'test';

function base62(value: number, width: number): string {
  let out = '';
  for (let v = value; v > 0; v = Math.floor(v / 62)) out = ALPHABET[v % 62] + out;
  return out.padStart(width, '0');
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function generateApiKey(environment: KeyEnvironment): { key: string; prefix: string; hash: string } {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(62)];
  const body = `${KEY_PREFIX}${environment}_${random}`;
  const key = body + checksum(body);
  return { key, prefix: displayPrefix(key), hash: hashApiKey(key) };
}

/** What lists show of a key: its environment and first six random characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, `${KEY_PREFIX}live_`.length + 6);
}

/** The key's environment when it is well formed with a valid checksum; null otherwise. */
export function checkApiKey(token: string): KeyEnvironment | null {
  const match = KEY_PATTERN.exec(token);
  if (!match) return null;
  const body = token.slice(0, token.length - CHECKSUM_LENGTH);
  return checksum(body) === match[3] ? (match[1] as KeyEnvironment) : null;
}

export type KeyState = 'active' | 'revoked' | 'expired';

/** Whether a key may be used at `now`: revoked once its revocation time has come, expired once its expiry has. */
export function keyState(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): KeyState {
  if (key.revokedAt && key.revokedAt <= now) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

// Password hashing with scrypt (node:crypto). The stored string carries its parameters, so they can
// be raised later without breaking existing hashes: `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<key b64url>`.
// Parameters (docs/dashboard.md): N = 2^15, r = 8, p = 1, a 16-byte random salt, a 64-byte key;
// PASSWORD_HASH_COST (log2 N of new hashes) may lower N outside production, for tests.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../../errors.ts';
import { HASH_LIMITS, hashLimiter } from './hash-limit.ts';

export const SCRYPT_PARAMS = { log2N: 15, r: 8, p: 1, saltBytes: 16, keyBytes: 64 } as const;
/** log2 N that PASSWORD_HASH_COST may choose for new hashes; production refuses less than the default. */
export const HASH_COST = { min: 10, max: 17, production: SCRYPT_PARAMS.log2N } as const;
/** At least 128 * N * r bytes; twice that leaves room for stronger parameters read back from a hash. */
const MAX_MEM = 256 * 1024 * 1024;
/** The memory scrypt needs for N, r, p (OpenSSL's own check: 128 * r * (N + 2) + 128 * r * p bytes). */
const scryptMemory = (N: number, r: number, p: number): number => 128 * r * (N + 2 + p);

/** Parameters a stored hash may carry: within MAX_MEM (else scrypt refuses them) and bounded in CPU. */
export function usableParams(log2N: number, r: number, p: number): boolean {
  return log2N >= 10 && log2N <= 24 && r >= 1 && r <= 64 && p >= 1 && p <= 16 && scryptMemory(2 ** log2N, r, p) <= MAX_MEM;
}

/** Every hash of this process goes through this bound (an unauthenticated caller must not exhaust the CPU). */
const limiter = hashLimiter(HASH_LIMITS.running, HASH_LIMITS.queued);

function scrypt(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return limiter.run(
    () =>
      new Promise((resolve, reject) => {
        scryptCallback(password.normalize('NFC'), salt, keyBytes, { ...options, maxmem: MAX_MEM }, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** A new hash of the password; log2N (PASSWORD_HASH_COST) defaults to SCRYPT_PARAMS'. */
export async function hashPassword(password: string, log2N: number = SCRYPT_PARAMS.log2N): Promise<string> {
  const { r, p, saltBytes, keyBytes } = SCRYPT_PARAMS;
  const salt = randomBytes(saltBytes);
  const key = await scrypt(password, salt, keyBytes, { N: 2 ** log2N, r, p });
  return ['scrypt', log2N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const ENCODED = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** True when `password` matches `encoded`; false for a wrong password or a hash this code cannot read. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = ENCODED.exec(encoded);
  if (!match) return false;
  const [log2N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!usableParams(log2N, r, p)) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  if (expected.length < 16 || expected.length > 128) return false;
  let actual: Buffer;
  try {
    actual = await scrypt(password, Buffer.from(match[4]!, 'base64url'), expected.length, { N: 2 ** log2N, r, p });
  } catch (error) {
    // A stored hash scrypt cannot use is a failed sign-in, never a 500; the hash limit's 429 passes.
    if (error instanceof AppError) throw error;
    return false;
  }
  return timingSafeEqual(actual, expected);
}

/**
 * A fingerprint of one successful check: the stored hash and the password that matched it. Equal
 * fingerprints mean the same password against the same stored hash, so a caller that remembers one
 * (the demo, checking its saved password at every start) need not run scrypt again (about 70 ms of
 * CPU and 32 MiB) until either changes. It says nothing the password itself does not.
 */
export const matchFingerprint = (encoded: string, password: string): string =>
  createHash('sha256').update(encoded).update('\n').update(password.normalize('NFC')).digest('hex');

/**
 * A hash of nothing anyone knows, at the cost new hashes have: verified against when the e-mail is
 * unknown, so both answers take the same time.
 */
const dummies = new Map<number, Promise<string>>();
export function dummyHash(log2N: number = SCRYPT_PARAMS.log2N): Promise<string> {
  let dummy = dummies.get(log2N);
  if (!dummy) dummies.set(log2N, (dummy = hashPassword(randomBytes(16).toString('hex'), log2N)));
  return dummy;
}

/** A one-time password: 16 characters from a 56-character alphabet without look-alikes (about 93 bits). */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of the alphabet).
  for (const byte of bytes) {
    if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}

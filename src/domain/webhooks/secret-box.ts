// Webhook signing secrets at rest: AES-256-GCM under WEBHOOK_SECRET_KEY (or the key generated into
// the embedded database's data directory), stored as `enc:v1:<iv>.<tag>.<ciphertext>` (base64url).
// They are opened only to sign an attempt. A stored value without the prefix is a secret written
// before encryption existed: it still signs, and the boot pass (sealLegacySecrets) rewrites it
// sealed, so nothing is lost whatever the order of upgrade and deliveries.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'enc:v1:';

export interface SecretBox {
  /** Whether seal encrypts (a key is configured). */
  readonly sealing: boolean;
  seal(secret: string): string;
  open(stored: string): string;
}

/** A key as configured: 64 hex characters or the base64 of 32 bytes; null when it is neither. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  return decoded?.length === 32 ? decoded : null;
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/** The box for a key; with none (development or tests on a server database) secrets stay as given. */
export function secretBox(key: Buffer | null): SecretBox {
  return {
    sealing: key !== null,
    seal(secret) {
      if (!key) return secret;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      if (!key) throw new Error('a webhook secret is encrypted but no WEBHOOK_SECRET_KEY is configured');
      const [iv = '', tag = '', data = ''] = stored.slice(SEALED_PREFIX.length).split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The same box, remembering what it opened (at most `max` secrets, then it starts over): the
 * dispatcher opens the same few secrets for every attempt, and an AES-GCM decipher per attempt
 * was a visible share of a delivery's CPU. The secrets are in this process's memory while it
 * signs either way; at rest they stay sealed.
 */
export function rememberingOpen(box: SecretBox, max = 10_000): SecretBox {
  const opened = new Map<string, string>();
  return {
    sealing: box.sealing,
    seal: (secret) => box.seal(secret),
    open(stored) {
      let secret = opened.get(stored);
      if (secret === undefined) {
        secret = box.open(stored);
        if (opened.size >= max) opened.clear();
        opened.set(stored, secret);
      }
      return secret;
    },
  };
}

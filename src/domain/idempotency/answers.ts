// Stored answers at rest. An answer can carry a secret shown once (a new API key, a webhook signing
// secret, a dashboard user's one-time password) that the service otherwise keeps only hashed or
// sealed, and a replay must be the same answer. So every stored body is sealed (AES-256-GCM, the
// webhook secrets' box and key: WEBHOOK_SECRET_KEY or the embedded database's key file) and opened
// only to replay it: no operation can leak a secret into the store by not saying it has one.
// Without a key (development on a server database without WEBHOOK_SECRET_KEY, where webhook
// secrets are stored as given too) bodies are stored as they are, but each secret the request
// marked (markShownOnce) is replaced by null first: that replay has the metadata without the
// secret (docs/api-reference.md, "Idempotency-Key").
import type { SecretBox } from '../webhooks/secret-box.ts';
import type { EffectLedger } from './effects.ts';

/** Says that the answer of this request carries `secret`, shown once: never stored as it is. */
export function markShownOnce(ledger: EffectLedger | null | undefined, secret: string | null | undefined): void {
  if (ledger && secret) ledger.shownOnce.push(secret);
}

/** `body` with every marked secret replaced: a JSON string of it by null, any other occurrence removed. */
export function withoutSecrets(body: string, secrets: readonly string[]): string {
  let out = body;
  for (const secret of secrets) out = out.split(JSON.stringify(secret)).join('null').split(secret).join('');
  return out;
}

export interface AnswerBox {
  /** Whether stored bodies are sealed (a key is configured). */
  readonly sealing: boolean;
  /** The body as it is stored: sealed, or without its marked secrets when there is no key. */
  toStored(body: string, shownOnce: readonly string[]): string;
  /** The body to replay (a body stored before sealing existed passes as it is). */
  fromStored(stored: string): string;
}

export function answerBox(box: SecretBox | null | undefined): AnswerBox {
  const sealing = box?.sealing ?? false;
  return {
    sealing,
    toStored: (body, shownOnce) => (sealing ? box!.seal(body) : withoutSecrets(body, shownOnce)),
    fromStored: (stored) => (box ? box.open(stored) : stored),
  };
}

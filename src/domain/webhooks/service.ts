// Webhook subscriptions: list, create (HTTPS URL that passes the address-safety check, known
// event names, at most 25 active per account, a signing secret shown once) and revoke.
import { SEALED_PREFIX, type SecretBox } from './secret-box.ts';
import { randomInt } from 'node:crypto';
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { checkWebhookUrl, type Resolver } from './url-safety.ts';
import { SUBSCRIBABLE, WILDCARD } from '../events/catalog.ts';
import { WEBHOOK_EFFECT, webhooksRepo } from './repo.ts';
import { takeEffectSlot, type EffectLedger } from '../idempotency/index.ts';
import { MAX_ACTIVE_WEBHOOKS, webhookOperations } from './operations.ts';

export { MAX_ACTIVE_WEBHOOKS };
export const SECRET_PREFIX = 'whsec_';
const SECRET_LENGTH = 32;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SECRET_WARNING = 'Store this secret now: it cannot be retrieved later.';

export interface WebhooksOptions {
  /** Name resolution for the address-safety check (tests inject one; default: the system's). */
  resolver?: Resolver;
  /** Resolution time-out in milliseconds (default 2000). */
  timeoutMs?: number;
  /** Test-only: host names exempt from the address checks (a local receiver). */
  allowHosts?: readonly string[];
  /** Test-only: an extra trusted CA for the test event's POST (WEBHOOK_EXTRA_CA_FILE). */
  extraCa?: string | null;
  /** Seals secrets at rest and opens them to sign (secret-box.ts); none: stored as given. */
  secrets?: SecretBox;
}

export interface CreateWebhookInput {
  url?: unknown;
  events?: unknown;
}

/** whsec_ followed by 32 base62 characters (about 190 bits), each drawn without modulo bias. */
export function generateWebhookSecret(): string {
  let secret = SECRET_PREFIX;
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(BASE62.length)];
  return secret;
}

/** The events list as given, or ['*'] when absent; refused unless a non-empty list of distinct known names. */
export function parseEvents(events: unknown): string[] {
  if (events === undefined) return [WILDCARD];
  const invalid = (message: string) => new AppError('invalid_events', message, { param: 'events' });
  if (!Array.isArray(events) || events.length === 0) throw invalid('events must be a non-empty array of event names');
  const seen = new Set<string>();
  for (const name of events) {
    if (typeof name !== 'string') throw invalid('events must contain only strings');
    if (!SUBSCRIBABLE.has(name)) throw invalid(`unknown event: ${name.slice(0, 100)}`);
    if (seen.has(name)) throw invalid(`duplicate event: ${name}`);
    seen.add(name);
  }
  return [...seen];
}

export function webhooksService(prisma: PrismaClient, options: WebhooksOptions = {}) {
  const repo = webhooksRepo(prisma);
  /** The answer of a create whose first answer was lost: the subscription with its current secret. */
  async function createdEarlier(accountId: string, id: number) {
    const row = await repo.findSubscription(accountId, id);
    if (!row) throw new AppError('not_found', 'The webhook subscription this request created has been revoked since.');
    const { secret: stored, previousSecret: _previous, previousSecretExpiresAt: _expires, ...webhook } = row;
    return { ...webhook, secret: options.secrets ? options.secrets.open(stored) : stored, warning: SECRET_WARNING };
  }

  return {
    // The delivery log, replay, test events, rotation and re-enabling (operations.ts).
    ...webhookOperations(
      prisma,
      { resolver: options.resolver, allowHosts: options.allowHosts, extraCa: options.extraCa, secrets: options.secrets },
      generateWebhookSecret,
    ),

    /** At boot: secrets stored before encryption at rest are sealed (none without a key). */
    sealStoredSecrets: async (): Promise<number> => (options.secrets?.sealing ? repo.sealStoredSecrets(options.secrets.seal, SEALED_PREFIX) : 0),

    /** The account's listed subscriptions (active, not revoked), id ascending; never the secret. */
    listWebhooks: (accountId: string) => repo.listActive(accountId),

    /** One of the account's subscriptions that is not revoked (deactivated ones too); null otherwise. */
    getWebhook: (accountId: string, id: number) => repo.findOne(accountId, id),

    /**
     * Creates a subscription. Checks, in order: url (present, HTTPS, no user info, public address),
     * events, then the cap, inside the insert's transaction. Nothing is stored on any error.
     */
    async createWebhook(accountId: string, input: CreateWebhookInput, idempotency: EffectLedger | null = null) {
      // A retry of a request whose subscription was stored (its answer lost) answers with that one.
      const effect = takeEffectSlot(idempotency, WEBHOOK_EFFECT);
      if (effect.recorded !== null) return createdEarlier(accountId, Number(effect.recorded));
      if (input.url === undefined || input.url === null) throw new AppError('invalid_url', 'url is required', { param: 'url' });
      const { url } = await checkWebhookUrl(input.url, { resolver: options.resolver, timeoutMs: options.timeoutMs, allowHosts: options.allowHosts });
      const events = parseEvents(input.events);
      const secret = generateWebhookSecret();
      const row = await repo.createWithinCap(
        { accountId, url: url.href, events, secret: options.secrets ? options.secrets.seal(secret) : secret },
        MAX_ACTIVE_WEBHOOKS,
        effect.slot,
      );
      if (!row) throw new AppError('too_many_webhooks', `An account can have at most ${MAX_ACTIVE_WEBHOOKS} active webhook subscriptions.`);
      return { ...row, secret, warning: SECRET_WARNING };
    },

    /** Revokes (irreversibly) one of the account's subscriptions; not_found for an unknown, revoked or foreign id. */
    async revokeWebhook(accountId: string, id: number, now = new Date()): Promise<void> {
      if (!(await repo.revoke(accountId, id, now))) throw new AppError('not_found', 'No such webhook subscription.');
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;

// Connector plumbing shared by every platform connector (docs/connectors/shopify.md): the OAuth
// state nonces of installs in flight, the upstream tokens sealed at rest with their refresh (one
// at a time per integration, in every process), and the webhook inbox the connector-inbox job
// drains with retries. The platform protocols (HTTP, signatures, payloads) stay in the connectors.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { connectorStock } from './stock.ts';
import { connectionsRepo, type CredentialRow, type NewDelivery } from './repo.ts';
import { toDelivery, toIntegration, type ConnectedIntegration, type InboxDelivery } from './rows.ts';

/** How long an install may take between the redirect to the platform and its callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** An access token expiring within this margin is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/**
 * How long a refresh may hold its lease: beyond the token endpoint's timeout (15 s), so that a
 * lease lapses only when its holder died.
 */
export const REFRESH_LEASE_MS = 60_000;
/** How often a caller waiting on another's refresh looks again. */
const LEASE_POLL_MS = 200;
/** Writes of refreshed tokens tried before giving up. */
const SAVE_ATTEMPTS = 3;
/** Processing attempts of a delivery before it is marked failed. */
export const INBOX_MAX_ATTEMPTS = 12;

/** A delivery whose processing failed: retried (`willRetry`, at `nextAttemptAt`) or given up. */
export interface InboxError {
  /** When its last attempt failed. */
  at: Date;
  topic: string;
  message: string;
  attempts: number;
  willRetry: boolean;
  nextAttemptAt: Date | null;
}

/** Tokens as the platform gave them (plain; sealed here before they are stored). */
export interface UpstreamTokens {
  accessToken: string;
  refreshToken: string | null;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
}

/** The platform refused a refresh (revoked or expired grant): the integration is revoked. */
export class RefreshRefused extends Error {}

/**
 * A live integration without a stored token (one recorded without an OAuth install, as the demo
 * seed's is): nothing can call its platform, so a sync leaves it alone.
 */
export class NoStoredToken extends AppError {
  constructor() {
    super('conflict', 'the integration has no stored token');
  }
}

/** A numeric(14,2) column as a decimal string with two places (exact within a double's 15 digits). */
const money = (v: unknown): string => Number(String(v)).toFixed(2);

/** Backoff of the n-th failed attempt (1-based): 5 s, 10 s, 20 s ... capped at an hour. */
export const inboxBackoffMs = (attempt: number): number => Math.min(3_600_000, 5_000 * 2 ** (attempt - 1));

export function connectionsService(prisma: PrismaClient, deps: { secrets: SecretBox; enqueue: (accountId: string) => Promise<void> }) {
  const repo = connectionsRepo(prisma);
  const { secrets } = deps;
  // One refresh at a time per integration in this process too (the row lock covers the others).
  const inFlight = new Map<number, Promise<{ shop: string; accessToken: string }>>();

  const sealTokens = (t: UpstreamTokens) => ({
    accessToken: secrets.seal(t.accessToken),
    refreshToken: t.refreshToken === null ? null : secrets.seal(t.refreshToken),
    accessExpiresAt: t.accessExpiresAt,
    refreshExpiresAt: t.refreshExpiresAt,
    scopes: t.scopes,
  });

  const usable = (row: CredentialRow, at: Date) => !row.access_expires_at || row.access_expires_at.getTime() - at.getTime() > REFRESH_MARGIN_MS;

  /**
   * Refreshes under a lease on the credentials row (one refresh at a time in every process). The
   * platform is asked outside any transaction, so no database session waits on it; a caller
   * that finds another's lease waits for its tokens (or for the lease to lapse, then claims it).
   */
  async function refreshLeased(
    integration: ConnectedIntegration,
    refresh: (refreshToken: string, shop: string) => Promise<UpstreamTokens>,
    now: () => Date,
  ): Promise<{ shop: string; accessToken: string }> {
    const lease = randomBytes(12).toString('base64url');
    for (;;) {
      const claimed = await repo.claimRefresh(integration.id, lease, now(), REFRESH_LEASE_MS);
      if (!claimed) {
        const row = await repo.credentials(integration.id);
        if (!row) throw new NoStoredToken();
        // Another process refreshed while this one waited.
        if (usable(row, now())) return { shop: integration.shop, accessToken: secrets.open(row.access_token) };
        await sleep(LEASE_POLL_MS);
        continue;
      }
      let saved = false;
      try {
        // Refreshed by another process between this caller's read and its claim.
        if (usable(claimed, now())) return { shop: integration.shop, accessToken: secrets.open(claimed.access_token) };
        if (!claimed.refresh_token) throw new RefreshRefused('the access token expired and there is no refresh token');
        const fresh = await refresh(secrets.open(claimed.refresh_token), integration.shop);
        // A refresh answer without scopes keeps the granted ones.
        const scopes = fresh.scopes.length ? fresh.scopes : (claimed.scopes ?? []);
        // The old refresh token is spent: the new pair must be stored, so a failed write is tried again.
        const sealed = sealTokens({ ...fresh, scopes });
        for (let attempt = 1; ; attempt++) {
          try {
            if (!(await repo.saveRefreshed(integration.id, sealed, now()))) throw new NoStoredToken(); // revoked meanwhile
            break;
          } catch (error) {
            if (error instanceof NoStoredToken || attempt >= SAVE_ATTEMPTS) throw error;
            await sleep(LEASE_POLL_MS * attempt);
          }
        }
        saved = true;
        return { shop: integration.shop, accessToken: fresh.accessToken };
      } finally {
        if (!saved) await repo.releaseRefresh(integration.id, lease);
      }
    }
  }

  return {
    /** A new single-use state nonce for an install by this user of this account. */
    async createOAuthState(accountId: string, userId: string, provider: string, shop: string, now = new Date()): Promise<string> {
      const nonce = randomBytes(24).toString('base64url');
      await repo.insertState({ nonce, accountId, userId, provider, shop, expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS) });
      return nonce;
    },

    /** The install the nonce belongs to, marked used; undefined when unknown, used or expired. */
    async consumeOAuthState(nonce: string, provider: string, now = new Date()) {
      const row = await repo.consumeState(nonce, provider, now);
      return row ? { accountId: row.account_id, userId: row.user_id, shop: row.shop } : undefined;
    },

    async integration(id: number): Promise<ConnectedIntegration | undefined> {
      const row = await repo.integration(id);
      return row ? toIntegration(row) : undefined;
    },

    /** Where a platform's notice about a shop goes: its unrevoked integration, else the latest one. */
    async integrationForShop(provider: string, shop: string): Promise<ConnectedIntegration | undefined> {
      const row = (await repo.integrationsForShop(provider, shop))[0];
      return row ? toIntegration(row) : undefined;
    },

    /** Every integration of the shop in any account (live first, then the latest): a shop's redaction reaches them all. */
    async integrationsOfShop(provider: string, shop: string): Promise<ConnectedIntegration[]> {
      return (await repo.integrationsForShop(provider, shop)).map(toIntegration);
    },

    /** Whether another account holds an unrevoked integration of this shop (one account per shop). */
    async shopHeldElsewhere(provider: string, shop: string, accountId: string): Promise<boolean> {
      return (await repo.integrationsForShop(provider, shop)).some((r) => r.revoked_at === null && r.account_id !== accountId);
    },

    /** Stores the tokens sealed (a reconnect replaces them). */
    async storeTokens(integrationId: number, tokens: UpstreamTokens, now = new Date()): Promise<void> {
      await repo.saveTokens(integrationId, sealTokens(tokens), now);
    },

    /** The stored tokens' metadata (never the tokens): for tests and support. */
    async tokenInfo(integrationId: number) {
      const row = await repo.credentials(integrationId);
      if (!row) return undefined;
      return {
        sealed: row.access_token.length > 0 && (!secrets.sealing || row.access_token.startsWith('enc:')),
        accessExpiresAt: row.access_expires_at,
        refreshExpiresAt: row.refresh_expires_at,
        hasRefreshToken: row.refresh_token !== null,
        scopes: row.scopes ?? [],
      };
    },

    /**
     * A valid access token: the stored one, or a refreshed one when it expires within
     * REFRESH_MARGIN_MS (`refresh` calls the platform, outside any transaction, under the
     * refresh lease; its new tokens are stored sealed as the lease ends). Throws AppError('conflict') for a revoked integration, RefreshRefused
     * when the platform refuses the refresh.
     */
    async access(
      integrationId: number,
      refresh: (refreshToken: string, shop: string) => Promise<UpstreamTokens>,
      now: () => Date = () => new Date(),
    ): Promise<{ shop: string; accessToken: string }> {
      const row = await repo.integration(integrationId);
      if (!row) throw new AppError('not_found', 'no such integration');
      const integration = toIntegration(row);
      if (integration.revokedAt) throw new AppError('conflict', 'the integration is revoked');
      const stored = await repo.credentials(integrationId);
      if (!stored) throw new NoStoredToken();
      if (usable(stored, now())) return { shop: integration.shop, accessToken: secrets.open(stored.access_token) };
      let pending = inFlight.get(integrationId);
      if (!pending) {
        pending = refreshLeased(integration, refresh, now).finally(() => inFlight.delete(integrationId));
        inFlight.set(integrationId, pending);
      }
      return pending;
    },

    /** Stores a webhook delivery and queues its processing; false when its key was seen before (a duplicate). */
    async receive(delivery: NewDelivery): Promise<boolean> {
      const stored = await repo.insertInbox(delivery);
      if (stored) await deps.enqueue(delivery.accountId);
      return stored;
    },

    /** The account's deliveries due now, oldest first. */
    dueDeliveries: async (accountId: string, provider: string, now = new Date(), limit = 100) =>
      (await repo.dueInbox(accountId, provider, now, limit)).map(toDelivery),

    nextDueDelivery: (accountId: string) => repo.nextDue(accountId),

    /** Processed: the body is dropped (no personal data kept); `result` is kept for the owner. */
    deliveryDone: (id: number, result: unknown = null, now = new Date()) => repo.markInboxDone(id, result, now),

    /** Several processed at once (one statement): as `deliveryDone` for each. */
    deliveriesDone: (done: ReadonlyArray<{ id: number; result: unknown }>, now = new Date()) => repo.markInboxDoneMany(done, now),

    /**
     * A failed attempt: retried after a backoff, or marked failed after INBOX_MAX_ATTEMPTS. Answers
     * the attempt's number and when the next one is due (null: no more).
     */
    async deliveryFailed(
      delivery: Pick<InboxDelivery, 'id' | 'attempts'>,
      error: string,
      now = new Date(),
    ): Promise<{ attempt: number; nextAttemptAt: Date | null }> {
      const attempt = delivery.attempts + 1;
      const next = attempt >= INBOX_MAX_ATTEMPTS ? null : new Date(now.getTime() + inboxBackoffMs(attempt));
      await repo.markInboxFailed(delivery.id, error.slice(0, 1000), next, now);
      return { attempt, nextAttemptAt: next };
    },

    /**
     * The failed and retrying deliveries of some of the account's integrations, the newest
     * `perIntegration` of each (newest first), in the order of `integrationIds` (a per-request
     * DataLoader's batch). A delivery processed since is no longer among them.
     */
    async inboxErrors(accountId: string, integrationIds: readonly number[], perIntegration: number): Promise<InboxError[][]> {
      const rows = await repo.inboxErrors(accountId, integrationIds, perIntegration);
      const byIntegration = new Map<number, InboxError[]>(integrationIds.map((id) => [id, []]));
      for (const r of rows) {
        const retried = r.status === 'pending';
        byIntegration.get(r.integration_id)?.push({
          at: r.at,
          topic: r.topic,
          message: r.last_error,
          attempts: r.attempts,
          willRetry: retried,
          nextAttemptAt: retried ? r.next_attempt_at : null,
        });
      }
      return integrationIds.map((id) => byIntegration.get(id) ?? []);
    },

    /** The account's deliveries, newest first (status, attempts, last error; bodies of processed ones are gone). */
    listDeliveries: async (accountId: string, filter: { topic?: string; status?: string } = {}, limit = 100) =>
      (await repo.listInbox(accountId, filter, Math.min(Math.max(limit, 1), 500))).map(toDelivery),

    ...connectorStock(prisma),

    /** A customer's stored data (customers/data_request), or null when none is stored. */
    async customerData(accountId: string, source: string, externalId: string) {
      const found = await repo.customerData(accountId, source, externalId);
      if (!found) return null;
      const { customer, orders } = found;
      return {
        customer: {
          externalId: customer.external_id,
          email: customer.email,
          name: customer.name,
          phone: customer.phone,
          city: customer.city,
          country: customer.country,
          createdAt: customer.created_at.toISOString(),
        },
        orders: orders.map((o) => ({
          externalId: o.external_id,
          status: o.status,
          currency: o.currency,
          total: money(o.total_amount),
          refunded: money(o.refunded_amount),
          placedAt: o.placed_at.toISOString(),
        })),
      };
    },

    /** Erases the data-request results kept about a customer (customers/redact). */
    eraseCustomerResults: (accountId: string, integrationId: number, customerId: string) => repo.eraseCustomerResults(accountId, integrationId, customerId),

    /** Erases what the connector keeps of a shop besides the commerce rows (shop/redact). */
    eraseShop: (accountId: string, integrationId: number, keepDeliveryId: number) => repo.eraseShopRows(accountId, integrationId, keepDeliveryId),
  };
}

export type ConnectionsService = ReturnType<typeof connectionsService>;

// The Shopify sync of an account (docs/connectors/shopify-sync.md), run by the `shopify-sync` job
// (src/jobs): for each of the account's live Shopify integrations, the backfill until it is
// complete, then the incremental reconciliation every run and the 60-day one daily. A completed
// sync records last_sync_at (stale -> connected); a 401 from the Admin API gets the token again
// (refreshed) and retries once; a 401 with that new token, or a 403, revokes the integration
// (reason token_expired, integration.revoked). The webhook subscriptions are
// registered after the install and, until that has succeeded once, by every run (stream
// `webhooks`). An integration without a stored token (the demo's) is skipped. Hooks for the OAuth
// callback and the webhook receiver: afterConnected, onBulkOperationFinished.
import { setTimeout as delay } from 'node:timers/promises';
import type { IngestionService } from '../../domain/ingestion/index.ts';
import { NoStoredToken, type ConnectorStock } from '../../domain/connections/index.ts';
import { BACKFILL_PREFIX, type IntegrationsService, type SyncStatus, type SyncStreamsService } from '../../domain/integrations/index.ts';
import { adminClient, ShopifyTokenError, type AdminClientOptions, type ShopifyTokenSource, type ShopifyApiConfig } from './admin-client.ts';
import { BACKFILL_BATCH, BACKFILL_ORDER, backfillStream } from './backfill.ts';
import { reconcileDaily, reconcileIncremental } from './reconcile.ts';
import { registerShopifyWebhooks } from './register-webhooks.ts';
import type { AdminClient } from './admin-client.ts';

export const SHOPIFY_SYNC_JOB = 'shopify-sync';
/** The sync stream that records whether the webhook subscriptions were registered. */
export const WEBHOOKS_STREAM = 'webhooks';
const WEBHOOKS_RECHECK_MS = 24 * 3_600_000;

export interface ShopifySyncDeps {
  ingestion: IngestionService;
  integrations: IntegrationsService;
  streams: SyncStreamsService;
  /** The connector's item SKUs and stock per location: the backfill records them as the webhooks do. */
  stock: ConnectorStock;
  api: ShopifyApiConfig;
  /** PUBLIC_URL: the webhook subscriptions' address is `{PUBLIC_URL}/integrations/shopify/webhooks`. */
  publicUrl: string;
  /** Part A's token source (src/connectors/shopify/tokens.ts shopifyAccess, bound to the core). */
  access: ShopifyTokenSource;
  /** Queues the sync job of an account now (src/jobs/repo.ts enqueueNow). */
  enqueue: (accountId: string) => Promise<void>;
  client?: AdminClientOptions;
  /**
   * JSONL records per ingestion batch, and the join's window (default 2,000, the bulk path's own:
   * at 100,000 orders 500 a batch wrote 0.07x of COPY, 2,000 0.10x, 5,000 0.11x with twice the memory).
   */
  batchSize?: number;
  /** Bulk operation status polls (default 5 s) and how long one run waits (default 5 min). */
  pollMs?: number;
  maxWaitMs?: number;
}

export interface AccountSyncResult {
  integrations: number;
  /** Integrations whose backfill is still waiting for Shopify. */
  waiting: number;
  revoked: number;
  /** Live integrations without a stored token (recorded without an install): not synced. */
  skipped: number;
  records: number;
}

const sleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal });

export function shopifySync(deps: ShopifySyncDeps) {
  /**
   * The run's client: the token is asked for at the start (and is valid for at least five more
   * minutes), and again whenever Shopify answers 401 (a long run outlasts the token's hour: asking
   * again refreshes it; a refused refresh revokes the integration in the token source).
   */
  async function clientFor(integrationId: number) {
    const { shop, accessToken } = await deps.access(integrationId);
    let first: string | null = accessToken;
    const token = async () => {
      const answer = first ?? (await deps.access(integrationId)).accessToken;
      first = null;
      return answer;
    };
    return adminClient(deps.api, shop, token, deps.client);
  }

  async function backfillDone(accountId: string, integrationId: number) {
    const streams = await deps.streams.listStreams(accountId, integrationId);
    const done = BACKFILL_ORDER.every((name) => streams.find((s) => s.stream === BACKFILL_PREFIX + name)?.phase === 'completed');
    const started = streams.filter((s) => s.stream.startsWith(BACKFILL_PREFIX) && s.startedAt).map((s) => s.startedAt!.getTime());
    return { done, startedAt: started.length ? new Date(Math.min(...started)) : null };
  }

  /**
   * Registers the shop's missing webhook subscriptions unless that succeeded within the last day
   * (stream `webhooks`, completed; Shopify removes a subscription whose deliveries keep failing,
   * so it is checked again daily). A failure is recorded on the stream (shown as the sync's last
   * error) and answered, so that the run goes on and is retried. A refused token still throws.
   */
  async function ensureWebhooks(accountId: string, integrationId: number, client: AdminClient, now: Date, signal?: AbortSignal): Promise<Error | null> {
    const stream = await deps.streams.getStream(accountId, integrationId, WEBHOOKS_STREAM);
    if (stream?.phase === 'completed' && stream.finishedAt && now.getTime() - stream.finishedAt.getTime() < WEBHOOKS_RECHECK_MS) return null;
    try {
      await registerShopifyWebhooks(client, deps.publicUrl, signal);
      await deps.streams.saveStream(accountId, integrationId, WEBHOOKS_STREAM, { phase: 'completed', finishedAt: now, lastError: null });
      return null;
    } catch (error) {
      if (error instanceof ShopifyTokenError || signal?.aborted) throw error;
      const message = `webhook registration: ${(error as Error).message}`;
      await deps.streams.saveStream(accountId, integrationId, WEBHOOKS_STREAM, { phase: 'failed', lastError: message });
      return new Error(message);
    }
  }

  /** One integration's run; a refused token revokes it. Answers records read and whether the backfill waits. */
  async function syncIntegration(accountId: string, integrationId: number, now: Date, signal?: AbortSignal) {
    try {
      const client = await clientFor(integrationId);
      const unregistered = await ensureWebhooks(accountId, integrationId, client, now, signal);
      const base = { client, ingestion: deps.ingestion, streams: deps.streams, accountId, integrationId, signal };
      let records = 0;
      let state = await backfillDone(accountId, integrationId);
      if (!state.done) {
        const ctx = {
          ...base,
          stock: deps.stock,
          batchSize: deps.batchSize ?? BACKFILL_BATCH,
          pollMs: deps.pollMs ?? 5_000,
          maxWaitMs: deps.maxWaitMs ?? 300_000,
          sleep,
          fetch,
        };
        for (const name of BACKFILL_ORDER) if ((await backfillStream(ctx, name)) === 'waiting') return { records, waiting: true, revoked: false };
        state = await backfillDone(accountId, integrationId);
        records += (await deps.streams.listStreams(accountId, integrationId)).reduce(
          (s, r) => s + (r.stream.startsWith(BACKFILL_PREFIX) ? r.recordsDone : 0),
          0,
        );
        // The backfill just read every order: the 60-day window is due a day from now, not at once.
        await deps.streams.saveStream(accountId, integrationId, 'orders_60d', { phase: 'idle', cursor: now });
      }
      records += (await reconcileIncremental(base, state.startedAt, now)).read;
      records += (await reconcileDaily(base, now))?.read ?? 0;
      await deps.integrations.recordSync(accountId, integrationId, now);
      // The data is in; the missing subscriptions fail the run so that the job retries them.
      if (unregistered) throw unregistered;
      return { records, waiting: false, revoked: false };
    } catch (error) {
      if (error instanceof ShopifyTokenError) {
        await deps.integrations.revokeForToken(accountId, integrationId, now);
        return { records: 0, waiting: false, revoked: true };
      }
      throw error;
    }
  }

  return {
    syncIntegration,

    /** The job's run for one account: every live Shopify integration of it. */
    async runAccount(accountId: string, now: Date, signal?: AbortSignal): Promise<AccountSyncResult> {
      const { items } = await deps.integrations.listIntegrations(accountId, now);
      const live = items.filter((i) => i.provider === 'shopify' && !i.revokedAt);
      const result: AccountSyncResult = { integrations: live.length, waiting: 0, revoked: 0, skipped: 0, records: 0 };
      const failures: string[] = [];
      for (const integration of live) {
        try {
          const r = await syncIntegration(accountId, integration.id, now, signal);
          result.records += r.records;
          result.waiting += r.waiting ? 1 : 0;
          result.revoked += r.revoked ? 1 : 0;
        } catch (error) {
          if (signal?.aborted) throw error;
          if (error instanceof NoStoredToken) {
            result.skipped++;
            continue;
          }
          failures.push(`${integration.shop}: ${(error as Error).message}`);
        }
      }
      // One shop's failure does not stop the others; the job run records it and is retried.
      if (failures.length) throw new Error(`shopify sync failed for ${failures.join('; ')}`);
      return result;
    },

    /**
     * What the OAuth callback calls once the integration and its token are stored: queues the
     * account's sync (the backfill) first, then registers the webhook subscriptions at once. A
     * registration that fails is recorded and retried by the sync runs; it throws here so that
     * the callback logs it.
     */
    async afterConnected(integrationId: number, signal?: AbortSignal) {
      const found = await deps.streams.locateIntegration(integrationId);
      if (!found || found.revokedAt) return false;
      await deps.enqueue(found.accountId);
      const failed = await ensureWebhooks(found.accountId, integrationId, await clientFor(integrationId), new Date(), signal);
      if (failed) throw failed;
      return true;
    },

    /** bulk_operations/finish (its payload names the operation): the account's sync continues now instead of at its next poll. */
    async onBulkOperationFinished(integrationId: number, payload: { admin_graphql_api_id?: string; status?: string }) {
      const found = await deps.streams.locateIntegration(integrationId);
      if (!found || found.revokedAt) return false;
      const streams = await deps.streams.listStreams(found.accountId, integrationId);
      if (!streams.some((s) => s.operationId && s.operationId === payload.admin_graphql_api_id)) return false;
      await deps.enqueue(found.accountId);
      return true;
    },

    /** Backfill progress (records, percent, ETA), phase and last error of one of the account's integrations. */
    syncStatus(accountId: string, integrationId: number, now = new Date()): Promise<SyncStatus> {
      return deps.streams.syncStatus(accountId, integrationId, BACKFILL_ORDER, now);
    },

    /** syncStatus of several of the account's integrations in one read (Integration.syncStatus batches it). */
    syncStatuses(accountId: string, integrationIds: readonly number[]): Promise<SyncStatus[]> {
      return deps.streams.syncStatuses(accountId, integrationIds, BACKFILL_ORDER);
    },

    /** Starts the backfill over (a manual re-sync): the next run runs every bulk operation again. */
    async resync(accountId: string, integrationId: number) {
      await deps.streams.resetBackfill(accountId, integrationId);
      await deps.enqueue(accountId);
    },
  };
}

export type ShopifySync = ReturnType<typeof shopifySync>;

/** What the hooks need from the process: the services bag (src/services.ts) carries `shopify`. */
export interface ShopifySyncHost {
  shopify: ShopifySync | null;
}

/** Part A's OAuth callback calls this after storing the integration (the lead wires it). */
export function afterConnected(core: ShopifySyncHost, integrationId: number) {
  return core.shopify ? core.shopify.afterConnected(integrationId) : Promise.resolve(false);
}

/** Part A's webhook processing calls this for bulk_operations/finish. */
export function onBulkOperationFinished(core: ShopifySyncHost, integrationId: number, payload: { admin_graphql_api_id?: string; status?: string }) {
  return core.shopify ? core.shopify.onBulkOperationFinished(integrationId, payload) : Promise.resolve(false);
}

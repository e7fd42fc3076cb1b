// What a receiver operates itself: the delivery log, resend and recovery, the test event, secret
// rotation and re-enabling. Part of the webhooks service (service.ts spreads it in).
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import { createSecureContext, rootCertificates } from 'node:tls';
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { pageOf, pageRequest, type PageArgs } from '../shared/index.ts';
import { signalOutboxWork } from '../events/index.ts';
import type { Resolver } from './url-safety.ts';
import { webhooksRepo } from './repo.ts';
import { deliveryRepo } from './delivery/repo.ts';
import { attemptDelivery } from './delivery/attempt.ts';
import { DEACTIVATE_AT_FAIL_COUNT, DEFAULT_TIMEOUT_MS, MAX_RESPONSE_BYTES } from './delivery/dispatcher.ts';
import * as rules from './rules.ts';
import type { SecretBox } from './secret-box.ts';

/** Active subscriptions an account may have (creates and re-enables both count). */
export const MAX_ACTIVE_WEBHOOKS = 25;

export interface OperationsOptions {
  resolver?: Resolver;
  allowHosts?: readonly string[];
  /** An extra trusted CA (WEBHOOK_EXTRA_CA_FILE; tests only) for the test event's POST. */
  extraCa?: string | null;
  /** Deadline of a test event's attempt (default 10 s, as deliveries). */
  sendTimeoutMs?: number;
  /** Seals new secrets and opens stored ones to sign (src/domain/webhooks/secret-box.ts). */
  secrets?: SecretBox;
}

/** A delivery as the log shows it. */
export interface WebhookDeliveryView {
  rowId: bigint;
  /** The X-Service-Delivery value (dlv_…). */
  id: string;
  subscriptionId: number;
  event: string;
  status: rules.DeliveryStatusName;
  attempts: number;
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

export interface WebhookAttemptView {
  number: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  success: boolean;
  error: string | null;
  responseBody: string | null;
}

export interface TestEventOutcome {
  deliveryId: string;
  success: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

type DeliveryRow = {
  id: bigint;
  deliveryId: string;
  subscriptionId: number;
  status: rules.StoredDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  event: { name: string };
};
type AttemptRow = {
  attemptNo: number;
  startedAt: Date;
  durationMs: number;
  responseStatus: number | null;
  success: boolean;
  error: string | null;
  responseBody: string | null;
};

export const toDeliveryView = (r: DeliveryRow): WebhookDeliveryView => ({
  rowId: r.id,
  id: r.deliveryId,
  subscriptionId: r.subscriptionId,
  event: r.event.name,
  status: rules.statusName(r.status),
  attempts: r.attempts,
  nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt : null,
  lastError: r.lastError,
  createdAt: r.createdAt,
});

export const toAttemptView = (a: AttemptRow): WebhookAttemptView => ({
  number: a.attemptNo,
  startedAt: a.startedAt,
  durationMs: a.durationMs,
  statusCode: a.responseStatus,
  success: a.success,
  error: a.error,
  responseBody: a.responseBody,
});

const notFound = (what: string) => new AppError('not_found', `No such ${what}.`);

export function webhookOperations(prisma: PrismaClient, options: OperationsOptions, generateSecret: () => string) {
  const repo = webhooksRepo(prisma);
  const sendTimeoutMs = options.sendTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  let agent: https.Agent | null = null;
  // No keep-alive: test events are rare, and no socket outlives the request.
  const sendAgent = () =>
    (agent ??= new https.Agent({
      keepAlive: false,
      ...(options.extraCa ? { secureContext: createSecureContext({ ca: [...rootCertificates, options.extraCa] }) } : {}),
    }));

  /** A subscription of the account that may be delivered to (exists, not revoked, active). */
  async function activeSubscription(accountId: string, id: number) {
    const subscription = await repo.findSubscription(accountId, id);
    if (!subscription) throw notFound('webhook subscription');
    if (!subscription.active) throw new AppError('conflict', 'The subscription is deactivated; enable it first (POST /api/v1/webhooks/{id}/enable).');
    return subscription;
  }

  async function getDelivery(accountId: string, deliveryId: unknown) {
    const row = await repo.getDelivery(accountId, rules.parseDeliveryId(deliveryId));
    if (!row) throw notFound('delivery');
    return { ...toDeliveryView(row), attemptLog: row.attemptLog.map(toAttemptView) };
  }

  return {
    /** The REST log: newest first, `cursor` the row id of the last item of the previous page. */
    async listDeliveries(accountId: string, query: rules.DeliveryFilterInput & { limit?: number; cursor?: number }) {
      const limit = rules.deliveryPageSize(query.limit);
      const filter = rules.parseDeliveryFilter(query);
      if (query.cursor !== undefined && (!Number.isSafeInteger(query.cursor) || query.cursor < 1))
        throw new AppError('invalid_parameter', 'cursor: not a cursor of this list', { param: 'cursor' });
      if (filter.subscriptionId !== undefined && !(await repo.ownsSubscription(accountId, filter.subscriptionId))) throw notFound('webhook subscription');
      const rows = await repo.listDeliveries(accountId, filter, { take: limit, beforeId: query.cursor !== undefined ? BigInt(query.cursor) : null });
      const items = rows.slice(0, limit).map(toDeliveryView);
      const hasMore = rows.length > limit;
      return { items, limit, hasMore, nextCursor: hasMore ? Number(items[items.length - 1]!.rowId) : null };
    },

    /** A page of one subscription's deliveries (GraphQL connection), newest first. */
    async deliveriesPage(accountId: string, subscriptionId: number, args: PageArgs<number>, filter: rules.DeliveryFilterInput = {}) {
      const request = pageRequest(args, rules.DELIVERY_PAGE);
      const parsed = rules.parseDeliveryFilter({ ...filter, subscriptionId });
      const rows = await repo.listDeliveries(accountId, parsed, {
        take: request.take,
        beforeId: request.after !== null ? BigInt(request.after) : null,
        afterId: request.before !== null ? BigInt(request.before) : null,
        ascending: request.backward,
      });
      return pageOf(rows.map(toDeliveryView), request);
    },

    /** How many deliveries of one subscription match the filter (the connection's totalCount). */
    countDeliveries(accountId: string, subscriptionId: number, filter: rules.DeliveryFilterInput = {}) {
      return repo.countDeliveries(accountId, rules.parseDeliveryFilter({ ...filter, subscriptionId }));
    },

    /** Attempts of several deliveries at once (GraphQL), keyed by row id. */
    async attemptsOf(rowIds: readonly bigint[]): Promise<Map<bigint, WebhookAttemptView[]>> {
      const byDelivery = new Map<bigint, WebhookAttemptView[]>(rowIds.map((id) => [id, []]));
      for (const a of await repo.attemptsOf(rowIds)) byDelivery.get(a.deliveryId)?.push(toAttemptView(a));
      return byDelivery;
    },

    /** One delivery with every attempt; not_found for an unknown or another account's id. */
    getDelivery,

    /**
     * Sends a delivery now (same id, body and event, signed afresh): one that has ended gets a new
     * attempt, a pending one its next attempt brought forward (once: a delivery due already or
     * being sent is left as it is). Conflict only when it cannot be sent (subscription deactivated).
     */
    async resendDelivery(accountId: string, deliveryId: unknown, now = new Date()) {
      const delivery = await getDelivery(accountId, deliveryId);
      await activeSubscription(accountId, delivery.subscriptionId);
      if (await repo.resendNow(accountId, delivery.id, now))
        signalOutboxWork(); // a dispatcher in this process sends it now
      else await activeSubscription(accountId, delivery.subscriptionId); // deactivated meanwhile: conflict
      return getDelivery(accountId, delivery.id);
    },

    /** Queues again every failed or cancelled delivery of a subscription since `since` (7 days back at most). */
    async recoverDeliveries(accountId: string, subscriptionId: number, since: unknown, now = new Date()) {
      const subscription = await activeSubscription(accountId, subscriptionId);
      const from = rules.recoverSince(since, now);
      const queued = await repo.requeueSince(subscription.id, from, now, rules.RECOVER_BATCH);
      if (queued > 0) signalOutboxWork();
      return { subscriptionId: subscription.id, since: from, queued };
    },

    /** Sends a webhook.test event to the subscription now and answers with the attempt's outcome. */
    async sendTestEvent(accountId: string, subscriptionId: number): Promise<TestEventOutcome> {
      const subscription = await repo.findSubscription(accountId, subscriptionId);
      if (!subscription) throw notFound('webhook subscription');
      const now = new Date();
      const token = randomUUID();
      const data = { webhook_id: subscription.id, message: 'A test event, sent on request.', ts: now.toISOString() };
      const created = await repo.createClaimedDelivery({
        accountId,
        subscriptionId: subscription.id,
        event: rules.TEST_EVENT,
        data,
        now,
        token,
        leaseUntil: new Date(now.getTime() + sendTimeoutMs + 60_000),
      });
      const startedAt = new Date();
      const clock = performance.now();
      const outcome = await attemptDelivery(
        { ...subscription, deliveryId: created.deliveryId, eventName: rules.TEST_EVENT, eventData: created.eventData },
        startedAt,
        {
          agent: sendAgent(),
          timeoutMs: sendTimeoutMs,
          maxResponseBytes: MAX_RESPONSE_BYTES,
          resolver: options.resolver,
          allowHosts: options.allowHosts,
          secrets: options.secrets,
        },
      );
      const durationMs = Math.round(performance.now() - clock);
      const responseBody = outcome.responseBody ?? null;
      // One attempt, never retried; it counts in the subscription's counters like any other.
      await deliveryRepo(prisma).recordAttempts(
        [
          {
            id: created.id,
            token,
            attempt: {
              startedAt,
              durationMs,
              responseStatus: outcome.status,
              success: outcome.success,
              error: outcome.error,
              responseBody,
              nextAttemptAt: null,
            },
          },
        ],
        DEACTIVATE_AT_FAIL_COUNT,
        new Date(),
      );
      return { deliveryId: created.deliveryId, success: outcome.success, statusCode: outcome.status, durationMs, error: outcome.error, responseBody };
    },

    /**
     * A new secret, returned once. The old one keeps signing (X-Service-Signature-Previous) for
     * the grace period (default 24 h, 0 to 168), then stops.
     */
    async rotateSecret(accountId: string, subscriptionId: number, gracePeriodHours: unknown, now = new Date()) {
      const hours = rules.graceHours(gracePeriodHours);
      const secret = generateSecret();
      const previousSecretExpiresAt = rules.previousSecretExpiry(hours, now);
      if (!(await repo.rotateSecret(accountId, subscriptionId, options.secrets ? options.secrets.seal(secret) : secret, previousSecretExpiresAt)))
        throw notFound('webhook subscription');
      return { id: subscriptionId, secret, previousSecretExpiresAt };
    },

    /** Reactivates a deactivated subscription (fail_count reset); it counts toward the 25 active. */
    async enableWebhook(accountId: string, subscriptionId: number, maxActive = MAX_ACTIVE_WEBHOOKS) {
      const result = await repo.enableWithinCap(accountId, subscriptionId, maxActive);
      if (result === 'not_found') throw notFound('webhook subscription');
      if (result === 'cap') throw new AppError('too_many_webhooks', `An account can have at most ${maxActive} active webhook subscriptions.`);
      return result;
    },
  };
}

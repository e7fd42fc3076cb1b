// Prisma access for the delivery log and replay (part of the webhooks repo; repo.ts spreads it
// in). Deliveries are reached only through a subscription of the caller's account.
import type { PrismaClient } from '../../db/client.ts';
import { newDeliveryId, newEventId } from '../shared/index.ts';
import { REQUEUEABLE, type DeliveryFilter } from './rules.ts';

export const deliverySelect = {
  id: true,
  deliveryId: true,
  subscriptionId: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  createdAt: true,
  event: { select: { name: true } },
} as const;

const attemptSelect = { attemptNo: true, startedAt: true, durationMs: true, responseStatus: true, success: true, error: true, responseBody: true } as const;

export interface LogWindow {
  /** Rows wanted; one more is fetched to tell whether more lie beyond. */
  take: number;
  /** Only ids below this one (the page after a cursor, newest first). */
  beforeId?: bigint | null;
  /** Only ids above this one (the page before a cursor). */
  afterId?: bigint | null;
  /** Fetch oldest first (a backward page), else newest first. */
  ascending?: boolean;
}

/** The log rows of the account's subscriptions that match a filter. */
function deliveryWhere(accountId: string, filter: DeliveryFilter) {
  return {
    subscription: { accountId },
    ...(filter.subscriptionId !== undefined ? { subscriptionId: filter.subscriptionId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.since ? { createdAt: { gte: filter.since } } : {}),
    ...(filter.event ? { event: { name: filter.event } } : {}),
  };
}

export function deliveryLogRepo(prisma: PrismaClient) {
  return {
    /** Deliveries of the account's subscriptions (revoked ones included) matching `filter`. */
    listDeliveries(accountId: string, filter: DeliveryFilter, window: LogWindow) {
      const id =
        window.beforeId != null || window.afterId != null
          ? { ...(window.beforeId != null ? { lt: window.beforeId } : {}), ...(window.afterId != null ? { gt: window.afterId } : {}) }
          : undefined;
      return prisma.webhookDelivery.findMany({
        where: { ...deliveryWhere(accountId, filter), ...(id ? { id } : {}) },
        orderBy: { id: window.ascending ? 'asc' : 'desc' },
        take: window.take + 1,
        select: deliverySelect,
      });
    },

    /** How many deliveries match `filter` (the connection's totalCount). */
    countDeliveries(accountId: string, filter: DeliveryFilter) {
      return prisma.webhookDelivery.count({ where: deliveryWhere(accountId, filter) });
    },

    /** One delivery of the account by its public id, with every attempt in order. */
    getDelivery(accountId: string, deliveryId: string) {
      return prisma.webhookDelivery.findFirst({
        where: { deliveryId, subscription: { accountId } },
        select: { ...deliverySelect, attemptLog: { orderBy: { attemptNo: 'asc' }, select: attemptSelect } },
      });
    },

    /** Attempts of deliveries (by row id), in order, for a page of the log. */
    attemptsOf(ids: readonly bigint[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return prisma.webhookAttempt.findMany({
        where: { deliveryId: { in: [...ids] } },
        orderBy: [{ deliveryId: 'asc' }, { attemptNo: 'asc' }],
        select: { deliveryId: true, ...attemptSelect },
      });
    },

    /** Whether the account has (or had: revoked ones count) this subscription. */
    async ownsSubscription(accountId: string, id: number): Promise<boolean> {
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
      return (await prisma.webhookSubscription.count({ where: { id, accountId } })) === 1;
    },

    /**
     * Makes a delivery due now if its subscription is this account's, active and not revoked: one
     * that has ended (delivered, failed or cancelled) is queued again; a pending one waiting for a
     * retry has that attempt brought forward. One that is due already, or claimed by a dispatcher
     * (being sent), is left as it is, so pressing resend again never adds a send. False when
     * nothing changed.
     */
    async resendNow(accountId: string, deliveryId: string, now: Date): Promise<boolean> {
      const changed = await prisma.webhookDelivery.updateMany({
        where: {
          deliveryId,
          subscription: { accountId, active: true, revokedAt: null },
          OR: [{ status: { in: [...REQUEUEABLE, 'succeeded'] } }, { status: 'pending', leaseToken: null, nextAttemptAt: { gt: now } }],
        },
        data: { status: 'pending', nextAttemptAt: now, leaseToken: null, updatedAt: now },
      });
      return changed.count === 1;
    },

    /**
     * Queues again every delivery of a subscription that ended without success since `since`, in
     * batches of `batch` rows (one short statement each, so thousands never hold one long lock).
     */
    async requeueSince(subscriptionId: number, since: Date, now: Date, batch: number): Promise<number> {
      let queued = 0;
      let afterId: bigint | undefined;
      for (;;) {
        const rows = await prisma.webhookDelivery.findMany({
          where: { subscriptionId, status: { in: [...REQUEUEABLE] }, createdAt: { gte: since }, ...(afterId !== undefined ? { id: { gt: afterId } } : {}) },
          orderBy: { id: 'asc' },
          take: batch,
          select: { id: true },
        });
        if (rows.length === 0) break;
        afterId = rows[rows.length - 1]!.id;
        const changed = await prisma.webhookDelivery.updateMany({
          where: { id: { in: rows.map((r) => r.id) }, status: { in: [...REQUEUEABLE] } },
          data: { status: 'pending', nextAttemptAt: now, leaseToken: null, updatedAt: now },
        });
        queued += changed.count;
        if (rows.length < batch) break;
      }
      return queued;
    },

    /**
     * A test event and its one delivery, already claimed with `token` until `leaseUntil` (the
     * request sends it itself; should it die, the dispatcher retries it when the lease ends). The
     * event is marked dispatched, so it is never fanned out to other subscriptions.
     */
    createClaimedDelivery(input: { accountId: string; subscriptionId: number; event: string; data: object; now: Date; token: string; leaseUntil: Date }) {
      return prisma.$transaction(async (tx) => {
        const event = await tx.outboxEvent.create({
          data: { eventId: newEventId(), accountId: input.accountId, name: input.event, data: input.data, createdAt: input.now, dispatchedAt: input.now },
          select: { id: true, data: true },
        });
        const delivery = await tx.webhookDelivery.create({
          data: {
            deliveryId: newDeliveryId(),
            eventId: event.id,
            subscriptionId: input.subscriptionId,
            nextAttemptAt: input.leaseUntil,
            leaseToken: input.token,
            createdAt: input.now,
            updatedAt: input.now,
          },
          select: { id: true, deliveryId: true },
        });
        // The data as stored (jsonb orders keys its own way): a resend sends exactly these bytes again.
        return { ...delivery, eventData: event.data };
      });
    },
  };
}

export type DeliveryLogRepo = ReturnType<typeof deliveryLogRepo>;

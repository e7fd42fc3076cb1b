// The only Prisma access of webhook delivery: fan-out of outbox events into deliveries, claims of
// due deliveries under a lease, and the record of each attempt with the subscription's counters.
// Every claim uses FOR UPDATE SKIP LOCKED, so concurrent dispatchers never take the same row.
import type { PrismaClient } from '../../../db/client.ts';
import { subscribesTo } from '../../events/catalog.ts';
import { newDeliveryId } from '../../ids.ts';

/** A claimed delivery with what its attempt needs. */
export interface ClaimedDelivery {
  id: bigint;
  deliveryId: string;
  /** Attempts already recorded; this one is attempts + 1. */
  attempts: number;
  subscriptionId: number;
  url: string;
  secret: string;
  /** False when the subscription was deactivated or revoked after the fan-out. */
  deliverable: boolean;
  eventName: string;
  eventData: unknown;
  eventCreatedAt: Date;
}

export interface AttemptRecord {
  startedAt: Date;
  durationMs: number;
  responseStatus: number | null;
  success: boolean;
  error: string | null;
  /** When the next attempt is due; null when this one ends the delivery (success or last attempt). */
  nextAttemptAt: Date | null;
}

export interface CounterUpdate {
  /** Still active after this attempt (false once fail_count reached the deactivation threshold). */
  active: boolean;
  failCount: number;
}

type ClaimRow = {
  id: bigint;
  delivery_id: string;
  attempts: number;
  subscription_id: number;
  url: string;
  secret: string;
  deliverable: boolean;
  event_name: string;
  event_data: unknown;
  event_created_at: Date;
};

export function deliveryRepo(prisma: PrismaClient) {
  return {
    /**
     * Fans out up to `limit` undispatched events, oldest first: one pending delivery per matching
     * active, non-revoked subscription of the event's account, then marks the events dispatched,
     * all in one transaction. Events another worker is fanning out are skipped (SKIP LOCKED).
     */
    fanOut(limit: number, now: Date): Promise<{ events: number; deliveries: number }> {
      return prisma.$transaction(
        async (tx) => {
          const events = await tx.$queryRaw<Array<{ id: bigint; account_id: string; name: string }>>`
            SELECT id, account_id, name FROM outbox_events
            WHERE dispatched_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
          if (events.length === 0) return { events: 0, deliveries: 0 };
          const accountIds = [...new Set(events.map((e) => e.account_id))];
          const subscriptions = await tx.webhookSubscription.findMany({
            where: { accountId: { in: accountIds }, active: true, revokedAt: null },
            select: { id: true, accountId: true, events: true },
          });
          const rows = events.flatMap((event) =>
            subscriptions
              .filter((s) => s.accountId === event.account_id && subscribesTo(s.events, event.name))
              .map((s) => ({ deliveryId: newDeliveryId(), eventId: event.id, subscriptionId: s.id, nextAttemptAt: now, createdAt: now, updatedAt: now })),
          );
          const created = rows.length ? (await tx.webhookDelivery.createMany({ data: rows, skipDuplicates: true })).count : 0;
          await tx.outboxEvent.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { dispatchedAt: now } });
          return { events: events.length, deliveries: created };
        },
        { maxWait: 15_000, timeout: 15_000 },
      );
    },

    /**
     * Claims up to `limit` pending deliveries due at `now`: each gets `token` and its next_attempt_at
     * moved to `leaseUntil`, so that if this worker dies the delivery is due again when the lease
     * ends. One statement; rows locked by another claim are skipped.
     */
    async claimDue(limit: number, now: Date, leaseUntil: Date, token: string): Promise<ClaimedDelivery[]> {
      if (limit <= 0) return [];
      const rows = await prisma.$queryRaw<ClaimRow[]>`
        WITH due AS (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_deliveries d
        SET lease_token = ${token}, next_attempt_at = ${leaseUntil}, updated_at = ${now}
        FROM due, outbox_events e, webhook_subscriptions s
        WHERE d.id = due.id AND e.id = d.event_id AND s.id = d.subscription_id
        RETURNING d.id, d.delivery_id, d.attempts, d.subscription_id, s.url, s.secret,
                  (s.active AND s.revoked_at IS NULL) AS deliverable,
                  e.name AS event_name, e.data AS event_data, e.created_at AS event_created_at`;
      return rows.map((r) => ({
        id: r.id,
        deliveryId: r.delivery_id,
        attempts: r.attempts,
        subscriptionId: r.subscription_id,
        url: r.url,
        secret: r.secret,
        deliverable: r.deliverable,
        eventName: r.event_name,
        eventData: r.event_data,
        eventCreatedAt: r.event_created_at,
      }));
    },

    /**
     * Records one attempt of a claimed delivery and updates the subscription's counters, in one
     * transaction, only if the claim (`token`) still holds. Returns null when it does not (the lease
     * ran out and another worker took the delivery): nothing is written then.
     */
    recordAttempt(delivery: Pick<ClaimedDelivery, 'id' | 'attempts' | 'subscriptionId'>, token: string, attempt: AttemptRecord, deactivateAt: number): Promise<CounterUpdate | null> {
      return prisma.$transaction(
        async (tx) => {
          const now = new Date(attempt.startedAt.getTime() + attempt.durationMs);
          const done = attempt.success || attempt.nextAttemptAt === null;
          const status = attempt.success ? 'succeeded' : done ? 'failed' : 'pending';
          const claimed = await tx.webhookDelivery.updateMany({
            where: { id: delivery.id, leaseToken: token, status: 'pending' },
            data: {
              attempts: delivery.attempts + 1,
              status,
              nextAttemptAt: attempt.nextAttemptAt ?? now,
              lastError: attempt.error,
              leaseToken: null,
              updatedAt: now,
            },
          });
          if (claimed.count !== 1) return null;
          await tx.webhookAttempt.create({
            data: {
              deliveryId: delivery.id,
              attemptNo: delivery.attempts + 1,
              startedAt: attempt.startedAt,
              durationMs: attempt.durationMs,
              responseStatus: attempt.responseStatus,
              success: attempt.success,
              error: attempt.error,
            },
          });
          // Right-hand sides read the row as it was: fail_count + 1 is the new count.
          const [sub] = await tx.$queryRaw<Array<{ active: boolean; fail_count: number }>>`
            UPDATE webhook_subscriptions SET
              total_fired = total_fired + 1,
              total_failed = total_failed + ${attempt.success ? 0 : 1},
              fail_count = CASE WHEN ${attempt.success} THEN 0 ELSE fail_count + 1 END,
              last_status = ${attempt.responseStatus}::int,
              last_fired_at = ${attempt.startedAt},
              active = CASE WHEN NOT ${attempt.success} AND fail_count + 1 >= ${deactivateAt} THEN false ELSE active END,
              deactivated_at = CASE WHEN NOT ${attempt.success} AND fail_count + 1 >= ${deactivateAt} AND active THEN ${now} ELSE deactivated_at END
            WHERE id = ${delivery.subscriptionId}
            RETURNING active, fail_count`;
          return { active: sub?.active ?? false, failCount: sub?.fail_count ?? 0 };
        },
        { maxWait: 15_000, timeout: 15_000 },
      );
    },

    /** Ends a claimed delivery without an attempt (its subscription is no longer active). */
    async cancel(id: bigint, token: string, reason: string, now: Date): Promise<void> {
      await prisma.webhookDelivery.updateMany({
        where: { id, leaseToken: token, status: 'pending' },
        data: { status: 'failed', lastError: reason, leaseToken: null, nextAttemptAt: now, updatedAt: now },
      });
    },
  };
}

export type DeliveryRepo = ReturnType<typeof deliveryRepo>;

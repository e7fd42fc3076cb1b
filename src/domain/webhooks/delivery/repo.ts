// The only Prisma access of webhook delivery: fan-out of outbox events into deliveries, claims of
// due deliveries under a lease, and the record of each attempt with the subscription's counters.
// Every claim uses FOR UPDATE SKIP LOCKED, so concurrent dispatchers never take the same row.
import type { PrismaClient } from '../../../db/client.ts';
import { subscribesTo } from '../../events/catalog.ts';
import { newDeliveryId } from '../../shared/index.ts';
import { col, parseRows, z } from '../../shared/rows.ts';

const eventRow = z.object({ id: z.bigint(), account_id: col.text, name: col.text });
const claimRow = z.object({
  id: z.bigint(),
  delivery_id: col.text,
  attempts: col.int,
  subscription_id: col.int,
  url: col.text,
  secret: col.text,
  previous_secret: col.text.nullable(),
  previous_secret_expires_at: col.date.nullable(),
  deliverable: col.bool,
  event_name: col.text,
  event_data: z.unknown(),
  event_created_at: col.date,
}) satisfies z.ZodType<ClaimRow>;
const recordedRow = z.object({
  recorded: z.array(z.union([z.string(), z.number()])).nullable(),
  subs: z.array(z.object({ id: col.int, active: col.bool, fail_count: col.int })).nullable(),
});

/** A claimed delivery with what its attempt needs. */
export interface ClaimedDelivery {
  id: bigint;
  deliveryId: string;
  /** Attempts already recorded; this one is attempts + 1. */
  attempts: number;
  subscriptionId: number;
  url: string;
  secret: string;
  /** The secret before the last rotation and the end of its grace period (read with the claim). */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
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
  /** The first 1 KB of the receiver's answer. */
  responseBody?: string | null;
  /** When the next attempt is due; null when this one ends the delivery (success or last attempt). */
  nextAttemptAt: Date | null;
}

/** One finished attempt of a claimed delivery, with the claim's token. */
export interface RecordInput {
  id: bigint;
  token: string;
  attempt: AttemptRecord;
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
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
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
    async fanOut(limit: number, now: Date): Promise<{ events: number; deliveries: number }> {
      // Most rounds find nothing: one index probe instead of a transaction then.
      const waiting = parseRows(z.unknown(), await prisma.$queryRaw`SELECT 1 FROM outbox_events WHERE dispatched_at IS NULL LIMIT 1`);
      if (waiting.length === 0) return { events: 0, deliveries: 0 };
      return prisma.$transaction(
        async (tx) => {
          const events = parseRows(
            eventRow,
            await tx.$queryRaw`
            SELECT id, account_id, name FROM outbox_events
            WHERE dispatched_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
          );
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
     * ends. One statement; rows locked by another claim are skipped, and so are the deliveries of
     * `skipSubscriptions` (their destination is full or its circuit is open).
     */
    async claimDue(limit: number, now: Date, leaseUntil: Date, token: string, skipSubscriptions: readonly number[] = []): Promise<ClaimedDelivery[]> {
      if (limit <= 0) return [];
      const rows = parseRows(
        claimRow,
        await prisma.$queryRaw`
        WITH due AS (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= ${now}
            AND subscription_id <> ALL(${[...skipSubscriptions]}::int[])
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_deliveries d
        SET lease_token = ${token}, next_attempt_at = ${leaseUntil}, updated_at = ${now}
        FROM due, outbox_events e, webhook_subscriptions s
        WHERE d.id = due.id AND e.id = d.event_id AND s.id = d.subscription_id
        RETURNING d.id, d.delivery_id, d.attempts, d.subscription_id, s.url, s.secret, s.previous_secret, s.previous_secret_expires_at,
                  (s.active AND s.revoked_at IS NULL) AS deliverable,
                  e.name AS event_name, e.data AS event_data, e.created_at AS event_created_at`,
      );
      return rows.map((r) => ({
        id: r.id,
        deliveryId: r.delivery_id,
        attempts: r.attempts,
        subscriptionId: r.subscription_id,
        url: r.url,
        secret: r.secret,
        previousSecret: r.previous_secret,
        previousSecretExpiresAt: r.previous_secret_expires_at,
        deliverable: r.deliverable,
        eventName: r.event_name,
        eventData: r.event_data,
        eventCreatedAt: r.event_created_at,
      }));
    },

    /**
     * Records attempts of claimed deliveries (in the order they finished) and updates their
     * subscriptions' counters, in one statement: one implicit transaction, and each subscription
     * row locked only for an instant. An attempt is written only if its claim (`token`) still
     * holds; the others (lease ran out, another worker took the delivery) write nothing.
     * Returns the ids recorded and the counters of each subscription touched.
     */
    async recordAttempts(
      records: readonly RecordInput[],
      deactivateAt: number,
      now: Date,
    ): Promise<{ recorded: Set<bigint>; subscriptions: Map<number, CounterUpdate> }> {
      if (records.length === 0) return { recorded: new Set(), subscriptions: new Map() };
      const col = <T>(pick: (r: RecordInput) => T): T[] => records.map(pick);
      const status = (r: RecordInput) => (r.attempt.success ? 'succeeded' : r.attempt.nextAttemptAt === null ? 'failed' : 'pending');
      const finished = (r: RecordInput) => new Date(r.attempt.startedAt.getTime() + r.attempt.durationMs);
      const [row] = parseRows(
        recordedRow,
        await prisma.$queryRaw`
        WITH input AS (
          SELECT * FROM unnest(
            ${col((r) => r.id)}::bigint[], ${col((r) => r.token)}::text[], ${col(status)}::text[],
            ${col((r) => r.attempt.nextAttemptAt ?? finished(r))}::timestamptz[], ${col((r) => r.attempt.error)}::text[],
            ${col((r) => r.attempt.startedAt)}::timestamptz[], ${col((r) => r.attempt.durationMs)}::int[],
            ${col((r) => r.attempt.responseStatus)}::int[], ${col((r) => r.attempt.success)}::boolean[],
            ${col((r) => r.attempt.responseBody ?? null)}::text[]
          ) WITH ORDINALITY AS t(id, token, status, next_at, error, started, duration, code, success, body, ord)
        ), d AS (
          UPDATE webhook_deliveries w SET
            attempts = w.attempts + 1, status = i.status::"DeliveryStatus", next_attempt_at = i.next_at,
            last_error = i.error, lease_token = NULL, updated_at = ${now}
          FROM input i
          WHERE w.id = i.id AND w.lease_token = i.token AND w.status = 'pending'
          RETURNING w.id, w.subscription_id, w.attempts
        ), logged AS (
          INSERT INTO webhook_attempts (delivery_id, attempt_no, started_at, duration_ms, response_status, success, error, response_body)
          SELECT d.id, d.attempts, i.started, i.duration, i.code, i.success, i.error, i.body FROM d JOIN input i ON i.id = d.id
        ), j AS (
          SELECT d.subscription_id AS sid, i.*, max(CASE WHEN i.success THEN i.ord END) OVER (PARTITION BY d.subscription_id) AS last_ok
          FROM d JOIN input i ON i.id = d.id
        ), per_sub AS (
          SELECT sid,
                 count(*)::int AS fired,
                 (count(*) FILTER (WHERE NOT success))::int AS failed,
                 bool_or(success) AS had_success,
                 (count(*) FILTER (WHERE NOT success AND ord > coalesce(last_ok, 0)))::int AS trailing,
                 (array_agg(code ORDER BY ord DESC))[1] AS last_code,
                 max(started) AS last_started
          FROM j GROUP BY sid
        ), s AS (
          -- fail_count: consecutive failures since the last success (a success in the batch resets it).
          UPDATE webhook_subscriptions w SET
            total_fired = w.total_fired + p.fired,
            total_failed = w.total_failed + p.failed,
            fail_count = CASE WHEN p.had_success THEN p.trailing ELSE w.fail_count + p.trailing END,
            last_status = p.last_code,
            last_fired_at = p.last_started,
            active = CASE WHEN (CASE WHEN p.had_success THEN p.trailing ELSE w.fail_count + p.trailing END) >= ${deactivateAt}::int THEN false ELSE w.active END,
            deactivated_at = CASE WHEN w.active AND (CASE WHEN p.had_success THEN p.trailing ELSE w.fail_count + p.trailing END) >= ${deactivateAt}::int THEN ${now} ELSE w.deactivated_at END
          FROM per_sub p WHERE w.id = p.sid
          RETURNING w.id, w.active, w.fail_count
        )
        SELECT (SELECT json_agg(id::text) FROM d) AS recorded, (SELECT json_agg(s) FROM s) AS subs`,
      );
      return {
        recorded: new Set((row?.recorded ?? []).map((id) => BigInt(id))),
        subscriptions: new Map((row?.subs ?? []).map((sub) => [sub.id, { active: sub.active, failCount: sub.fail_count }])),
      };
    },

    /**
     * Gives back claimed deliveries that were not started (shutdown, a destination held back by its
     * circuit): due again at `dueAt`, attempts unchanged. Only rows this claim still holds.
     */
    async release(ids: readonly bigint[], token: string, dueAt: Date, now: Date): Promise<number> {
      if (ids.length === 0) return 0;
      return prisma.$executeRaw`
        UPDATE webhook_deliveries SET lease_token = NULL, next_attempt_at = ${dueAt}, updated_at = ${now}
        WHERE id = ANY(${[...ids]}::bigint[]) AND lease_token = ${token} AND status = 'pending'`;
    },

    /** Ends a claimed delivery without an attempt (its subscription is no longer active). */
    async cancel(id: bigint, token: string, reason: string, now: Date): Promise<void> {
      await prisma.webhookDelivery.updateMany({
        where: { id, leaseToken: token, status: 'pending' },
        data: { status: 'cancelled', lastError: reason, leaseToken: null, nextAttemptAt: now, updatedAt: now },
      });
    },
  };
}

export type DeliveryRepo = ReturnType<typeof deliveryRepo>;

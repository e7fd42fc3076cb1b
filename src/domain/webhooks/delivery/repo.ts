// The only Prisma access of webhook delivery: fan-out of outbox events into deliveries, claims of
// due deliveries under a lease, and the record of each attempt with the subscription's counters.
// Every claim uses FOR UPDATE SKIP LOCKED, so concurrent dispatchers never take the same row.
import type { PrismaClient } from '../../../db/client.ts';
import { claimStatements, type ClaimedDelivery } from './claims.ts';
import { col, parseRows, z } from '../../shared/rows.ts';
import { poolSql } from './sql.ts';

export type { ClaimedDelivery, ClaimRequest } from './claims.ts';

const recordedRow = z.object({
  recorded: z.array(z.union([z.string(), z.number()])).nullable(),
  subs: z.array(z.object({ id: col.int, active: col.bool, fail_count: col.int })).nullable(),
});

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

const RECORD_ATTEMPTS = `
  WITH raw AS (
    SELECT * FROM unnest(
      $1::bigint[], $2::text[], $3::text[], $4::float8[], $5::text[], $6::float8[], $7::int[], $8::int[], $9::boolean[], $10::text[]
    ) WITH ORDINALITY AS t(id, token, status, next_ms, error, started_ms, duration, code, success, body, ord)
  ), input AS (
    SELECT r.*, to_timestamp(r.next_ms / 1000) AS next_at, to_timestamp(r.started_ms / 1000) AS started FROM raw r
  ), d AS (
    UPDATE webhook_deliveries w SET
      attempts = w.attempts + 1, status = i.status::"DeliveryStatus", next_attempt_at = i.next_at,
      last_error = i.error, lease_token = NULL, updated_at = $11::timestamptz
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
      active = CASE WHEN (CASE WHEN p.had_success THEN p.trailing ELSE w.fail_count + p.trailing END) >= $12::int THEN false ELSE w.active END,
      deactivated_at = CASE WHEN w.active AND (CASE WHEN p.had_success THEN p.trailing ELSE w.fail_count + p.trailing END) >= $12::int THEN $11::timestamptz ELSE w.deactivated_at END
    FROM per_sub p WHERE w.id = p.sid
    RETURNING w.id, w.active, w.fail_count
  )
  SELECT (SELECT json_agg(id::text) FROM d) AS recorded, (SELECT json_agg(s) FROM s) AS subs`;

// The pending deliveries of subscriptions that are no longer active (deactivated by their failures,
// or revoked) are dropped: cancelled, with no next attempt. Not those another dispatcher holds
// under a live claim: that one records its attempt first, and this runs again after it.
const CANCEL_OF_INACTIVE = `
  UPDATE webhook_deliveries d SET status = 'cancelled', lease_token = NULL, next_attempt_at = $2::timestamptz, updated_at = $2::timestamptz,
    last_error = CASE WHEN s.revoked_at IS NOT NULL THEN 'subscription revoked'
                      ELSE 'subscription deactivated after ' || s.fail_count || ' consecutive failed attempts' END
  FROM webhook_subscriptions s
  WHERE s.id = ANY($1::int[]) AND NOT s.active AND d.subscription_id = s.id AND d.status = 'pending'
    AND (d.lease_token IS NULL OR d.next_attempt_at <= $2::timestamptz)`;

const RELEASE = `
  UPDATE webhook_deliveries SET lease_token = NULL, next_attempt_at = $3::timestamptz, updated_at = $4::timestamptz
  WHERE id = ANY($1::bigint[]) AND lease_token = $2::text AND status = 'pending'`;

/**
 * The hot statements are named, so a PostgreSQL server parses and plans them once per connection,
 * wherever the client prepares statements (db/statements.ts); `prepared: false` turns it off.
 */
export function deliveryRepo(prisma: PrismaClient, options: { prepared?: boolean } = {}) {
  const sql = poolSql(prisma, options.prepared);
  const claims = claimStatements(sql);
  return {
    /** Fans out undispatched events into deliveries, claiming the first ones with `claim` (claims.ts). */
    fanOut: claims.fanOut,

    /** Claims up to `limit` due deliveries under `token` until `leaseUntil` (claims.ts). */
    claimDue(limit: number, now: Date, leaseUntil: Date, token: string, skipSubscriptions: readonly number[] = []): Promise<ClaimedDelivery[]> {
      return claims.claimDue(now, { limit, leaseUntil, token, skipSubscriptions });
    },

    /**
     * Records attempts of claimed deliveries (in the order they finished) and updates their
     * subscriptions' counters, in one statement: one implicit transaction, and each subscription
     * row locked only for an instant. An attempt is written only if its claim (`token`) still
     * holds; the others (lease ran out, another worker took the delivery) write nothing.
     * Returns the ids recorded and the counters of each subscription touched. When a subscription
     * touched is no longer active (this record deactivated it, or it was before), its pending
     * deliveries are cancelled by a second statement (docs/webhooks.md: they are dropped).
     */
    async recordAttempts(
      records: readonly RecordInput[],
      deactivateAt: number,
      now: Date,
    ): Promise<{ recorded: Set<bigint>; subscriptions: Map<number, CounterUpdate> }> {
      if (records.length === 0) return { recorded: new Set(), subscriptions: new Map() };
      const col = <T>(pick: (r: RecordInput) => T): T[] => records.map(pick);
      const status = (r: RecordInput) => (r.attempt.success ? 'succeeded' : r.attempt.nextAttemptAt === null ? 'failed' : 'pending');
      // Times as epoch milliseconds: the driver's text form of a Date costs more than the rest of the row.
      const finished = (r: RecordInput) => r.attempt.startedAt.getTime() + r.attempt.durationMs;
      const { rows } = await sql('record_attempts', RECORD_ATTEMPTS, [
        col((r) => r.id),
        col((r) => r.token),
        col(status),
        col((r) => r.attempt.nextAttemptAt?.getTime() ?? finished(r)),
        col((r) => r.attempt.error),
        col((r) => r.attempt.startedAt.getTime()),
        col((r) => r.attempt.durationMs),
        col((r) => r.attempt.responseStatus),
        col((r) => r.attempt.success),
        col((r) => r.attempt.responseBody ?? null),
        now,
        deactivateAt,
      ]);
      const [row] = parseRows(recordedRow, rows);
      const inactive = (row?.subs ?? []).filter((sub) => !sub.active).map((sub) => sub.id);
      if (inactive.length) await sql('cancel_of_inactive', CANCEL_OF_INACTIVE, [inactive, now]);
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
      return (await sql('release', RELEASE, [[...ids], token, dueAt, now])).rowCount;
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

// The two statements that hand deliveries to a dispatcher: the fan-out of outbox events into
// deliveries (claiming the first of them at once, so a new event goes out without a second round
// trip) and the claim of due deliveries. Each is one SQL statement: one round trip and one implicit
// transaction. Rows locked by another dispatcher are skipped (FOR UPDATE SKIP LOCKED), so no event
// is fanned out twice and no delivery is claimed twice.
import { WEBHOOK_EVENTS } from '../../events/catalog.ts';
import { deliveryBody } from './sign.ts';
import { col, parseRows, z } from '../../shared/rows.ts';
import { bigintColumn, type Sql } from './sql.ts';

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
  /** The body to send (and sign), built once per event of a claim. */
  body: string;
}

/** What a claim takes: at most `limit` deliveries, held by `token` until `leaseUntil`. */
export interface ClaimRequest {
  limit: number;
  leaseUntil: Date;
  token: string;
  /** Subscriptions whose deliveries are not claimed now (their destination is full or held back). */
  skipSubscriptions?: readonly number[];
}

const claimColumns = {
  id: bigintColumn,
  delivery_id: col.text,
  attempts: col.int,
  subscription_id: col.int,
  url: col.text,
  secret: col.text,
  previous_secret: col.text.nullable(),
  previous_secret_expires_at: col.date.nullable(),
  deliverable: col.bool,
  event_id: bigintColumn,
  event_name: col.text,
  /** On one row per event of a statement (first_of_event); null on the others. */
  first_of_event: col.bool,
  event_data: z.unknown(),
};
const claimRow = z.object(claimColumns);
type ClaimRow = z.output<typeof claimRow>;
const countsRow = z.object({ events: col.int, deliveries: col.int });

const DELIVERY_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
/** Bytes of two random UUIDs that are random (not the version and variant bytes): 24 of them. */
const RANDOM_UUID_BYTES = [0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 25, 26, 27];

/**
 * Claimed rows as deliveries, the body built once per event. An event's data comes on one of its
 * rows only (the driver would parse the same JSON again for each subscription's row).
 */
function toClaimed(rows: readonly ClaimRow[]): ClaimedDelivery[] {
  const events = new Map<bigint, { data: unknown; body: string }>();
  for (const r of rows) if (r.first_of_event) events.set(r.event_id, { data: r.event_data, body: deliveryBody(r.event_name, r.event_data) });
  return rows.map((r) => {
    const { data, body } = events.get(r.event_id)!;
    return {
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
      eventData: data,
      body,
    };
  });
}

const FAN_OUT = `
  WITH ev AS MATERIALIZED (
    SELECT id, account_id, name FROM outbox_events
    WHERE dispatched_at IS NULL ORDER BY id LIMIT $1::int FOR UPDATE SKIP LOCKED
  ), matched AS MATERIALIZED (
    SELECT ev.id AS event_id, s.id AS subscription_id
    FROM ev JOIN webhook_subscriptions s ON s.account_id = ev.account_id
    WHERE s.active AND s.revoked_at IS NULL AND ev.name = ANY($4::text[])
      AND ('*' = ANY(s.events) OR ev.name = ANY(s.events))
  ), sized AS (
    SELECT ev.id, count(m.event_id) AS own, sum(count(m.event_id)) OVER (ORDER BY ev.id) AS upto
    FROM ev LEFT JOIN matched m ON m.event_id = ev.id GROUP BY ev.id
  ), chosen AS (
    -- The oldest events whose deliveries fit in $10 (the first one whatever its size); the others
    -- stay undispatched (and are unlocked when the statement ends) for the next fan-out.
    SELECT id FROM sized WHERE $10::int IS NULL OR upto - own = 0 OR upto <= $10::int
  ), marked AS (
    UPDATE outbox_events o SET dispatched_at = $2::timestamptz FROM chosen c WHERE o.id = c.id RETURNING o.id
  ), pairs AS (
    SELECT m.event_id, m.subscription_id,
           m.subscription_id = ANY($3::int[]) AS skipped,
           uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) AS random
    FROM matched m JOIN chosen c ON c.id = m.event_id
  ), numbered AS (
    SELECT p.*, NOT p.skipped AND row_number() OVER (PARTITION BY p.skipped ORDER BY p.event_id, p.subscription_id) <= $5::int AS take
    FROM pairs p
  ), ins AS (
    INSERT INTO webhook_deliveries (delivery_id, event_id, subscription_id, next_attempt_at, lease_token, created_at, updated_at)
    -- (The characters' order needs no sort: they are independent random draws.)
    SELECT 'dlv_' || (SELECT string_agg(substr($6::text, get_byte(n.random, i) % 36 + 1, 1), '') FROM unnest($7::int[]) AS b(i)),
           n.event_id, n.subscription_id,
           CASE WHEN n.take THEN $8::timestamptz ELSE $2::timestamptz END,
           CASE WHEN n.take THEN $9::text END, $2::timestamptz, $2::timestamptz
    FROM numbered n
    ON CONFLICT (event_id, subscription_id) DO NOTHING
    RETURNING id, delivery_id, attempts, subscription_id, event_id, lease_token
  ), counts AS (
    SELECT (SELECT count(*) FROM marked)::int AS events, (SELECT count(*) FROM ins)::int AS deliveries
  )
  SELECT c.events, c.deliveries, x.* FROM counts c LEFT JOIN (
    SELECT d.id, d.delivery_id, d.attempts, d.subscription_id, s.url, s.secret, s.previous_secret, s.previous_secret_expires_at,
           true AS deliverable, e.id AS event_id, e.name AS event_name, d.id = min(d.id) OVER w AS first_of_event,
           CASE WHEN d.id = min(d.id) OVER w THEN e.data END AS event_data
    FROM ins d JOIN outbox_events e ON e.id = d.event_id JOIN webhook_subscriptions s ON s.id = d.subscription_id
    WHERE d.lease_token IS NOT NULL
    WINDOW w AS (PARTITION BY d.event_id)
  ) x ON true
  ORDER BY x.event_id, x.subscription_id`;

const CLAIM_DUE = `
  WITH due AS (
    SELECT id FROM webhook_deliveries
    WHERE status = 'pending' AND next_attempt_at <= $1::timestamptz
      AND subscription_id <> ALL($2::int[])
    ORDER BY next_attempt_at, id
    LIMIT $3::int
    FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE webhook_deliveries d
    SET lease_token = $4::text, next_attempt_at = $5::timestamptz, updated_at = $1::timestamptz
    FROM due WHERE d.id = due.id
    RETURNING d.id, d.delivery_id, d.attempts, d.subscription_id, d.event_id
  )
  SELECT c.id, c.delivery_id, c.attempts, c.subscription_id, s.url, s.secret, s.previous_secret, s.previous_secret_expires_at,
         (s.active AND s.revoked_at IS NULL) AS deliverable, e.id AS event_id, e.name AS event_name,
         c.id = min(c.id) OVER w AS first_of_event, CASE WHEN c.id = min(c.id) OVER w THEN e.data END AS event_data
  FROM claimed c JOIN outbox_events e ON e.id = c.event_id JOIN webhook_subscriptions s ON s.id = c.subscription_id
  WINDOW w AS (PARTITION BY c.event_id)
  ORDER BY c.event_id, c.id`;

export function claimStatements(sql: Sql) {
  return {
    /**
     * Fans out up to `limit` undispatched events, oldest first: one pending delivery per matching
     * active, non-revoked subscription of the event's account (a delivery id like newDeliveryId's,
     * drawn in the database), and marks the events dispatched. With `maxDeliveries`, only the oldest
     * events whose deliveries add up to at most that many (the first event whatever its number) are
     * fanned out; the rest wait for the next call. With `claim`, the first new deliveries (oldest
     * event first, not of a skipped subscription) are claimed at once.
     */
    async fanOut(
      limit: number,
      now: Date,
      claim?: ClaimRequest,
      maxDeliveries?: number,
    ): Promise<{ events: number; deliveries: number; claimed: ClaimedDelivery[] }> {
      const take = claim ? Math.max(0, claim.limit) : 0;
      const { rows } = await sql('fan_out', FAN_OUT, [
        limit,
        now,
        [...(claim?.skipSubscriptions ?? [])],
        [...WEBHOOK_EVENTS],
        take,
        DELIVERY_ID_ALPHABET,
        RANDOM_UUID_BYTES,
        claim?.leaseUntil ?? now,
        claim?.token ?? null,
        maxDeliveries ?? null,
      ]);
      // One row at least (the counts); a claimed delivery on each when any was claimed.
      const [counts] = parseRows(countsRow, rows.slice(0, 1));
      const claimed = parseRows(
        claimRow,
        rows.filter((r) => (r as { id?: unknown }).id !== null),
      );
      return { events: counts?.events ?? 0, deliveries: counts?.deliveries ?? 0, claimed: toClaimed(claimed) };
    },

    /**
     * Claims up to `limit` pending deliveries due at `now`: each gets `token` and its next_attempt_at
     * moved to `leaseUntil`, so that if this worker dies the delivery is due again when the lease
     * ends. Rows locked by another claim are skipped, and so are the deliveries of the skipped
     * subscriptions.
     */
    async claimDue(now: Date, claim: ClaimRequest): Promise<ClaimedDelivery[]> {
      if (claim.limit <= 0) return [];
      const { rows } = await sql('claim_due', CLAIM_DUE, [now, [...(claim.skipSubscriptions ?? [])], claim.limit, claim.token, claim.leaseUntil]);
      return toClaimed(parseRows(claimRow, rows));
    },
  };
}

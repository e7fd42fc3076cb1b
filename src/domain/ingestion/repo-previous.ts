// The orders' previous-order columns (customer_previous_at, customer_source_previous_at) as the
// ingestion keeps them itself: the triggers stepped aside for a write, the INSERT's own values for
// a new order, then one statement for what an incremental write moved or one rebuild of a bulk
// batch's customers (docs/ingestion.md, "Every order write and the orders triggers").
import type { IngestionTx } from './types.ts';
import { PROBE, arrayLiteral, execute, inOrder, iso, queryRows, sourceDb } from './sql.ts';
import { col, parseRows, z } from '../shared/index.ts';

/**
 * An inserted order's own customer_previous_at and customer_source_previous_at, computed by the
 * ingestion's INSERT (the row trigger steps aside: deferPrevious): the later of the customer's
 * previous counted order in the batch (lag over the batch, in the order given: ids ascend with it)
 * and its last stored one placed at or before (stored ids are smaller). One probe finds the last
 * stored order of any source; only when it is of another source (an account with several) does a
 * second one look for the last of the order's own. Replaced orders keep their stored values (ON
 * CONFLICT sets neither); refreshPrevious or rebuildPrevious corrects whatever a write moved.
 */
export const PREVIOUS = `(SELECT CASE WHEN x.customer_id IS NULL OR x.cancelled THEN NULL ELSE greatest(x.batch_any, l.placed_at) END AS any_source,
       CASE WHEN x.customer_id IS NULL OR x.cancelled THEN NULL ELSE greatest(x.batch_same,
         CASE WHEN l.placed_at IS NULL OR l.source = x.source THEN l.placed_at ELSE (
          SELECT q.placed_at FROM orders q WHERE q.account_id = $1 AND q.customer_id = x.customer_id AND q.source = x.source
            AND q.status <> 'cancelled' AND q.placed_at <= x.placed_at ORDER BY q.placed_at DESC LIMIT 1) END) END AS same_source
     FROM (SELECT 1) one
     LEFT JOIN LATERAL (SELECT q.placed_at, q.source FROM orders q WHERE q.account_id = $1 AND q.customer_id = x.customer_id AND q.status <> 'cancelled'
                          AND q.placed_at <= x.placed_at ORDER BY q.placed_at DESC LIMIT 1) l ON true)`;

/**
 * For the rest of the write, the orders' triggers that keep customer_previous_at
 * (migration 20261127170000; the row trigger since 20261128172001) and the INSERT trigger that
 * copies the customer's country (20261129020000) step aside: the batch's INSERT writes those
 * columns itself. rebuildPrevious then corrects the previous-order columns of the customers the
 * batch touched and turns both settings off.
 */
export async function deferPrevious(tx: IngestionTx): Promise<void> {
  await execute(tx, `SELECT ${deferred('on')}`);
}

/** The select-list items that set deferPrevious's settings for the rest of the transaction: 'on' begins it, 'off' ends it. */
function deferred(state: 'on' | 'off'): string {
  return `set_config('orders.customer_previous_writing', '${state}', true), set_config('orders.customer_country_given', '${state}', true)`;
}

/** The customers ($2) with a stored order (id below $4) placed after their first new one ($3): a probe each. */
const LATER_STORED = `unnest($2::int4[], $3::timestamptz[]) AS c(id, first_at)
  CROSS JOIN LATERAL (SELECT 1 FROM orders q WHERE q.account_id = $1 AND q.customer_id = c.id AND q.placed_at > c.first_at AND q.id < $4::int4
                      LIMIT 1) later`;

// The instants as PostgreSQL writes them (microseconds kept; a JavaScript Date keeps milliseconds).
const previousRow = z.object({ id: col.int, anySource: z.string().nullable(), sameSource: z.string().nullable() });

/** A place in its customer's chains that a write's order took (`own`: its values are recomputed) or left. */
export interface OrderPlace {
  id: number;
  customerId: number | null;
  source: string;
  placedAt: Date;
  own: boolean;
}

/**
 * The previous-order columns after an incremental write that deferred them (deferPrevious): the
 * orders' own statement triggers' work, done once for the write's places instead of once per
 * statement, without the row trigger that planned two look-ups for every inserted row. The
 * migration's function orders_customer_previous_refresh recomputes the written orders and the next
 * counted order after each place taken or left, in each chain (each value one index probe), and
 * ends deferPrevious. The customers whose orders the write touched (`customerIds`) get their
 * metrics marked pending, which the stepped-aside statement trigger did for changed orders.
 */
export async function refreshPrevious(tx: IngestionTx, accountId: string, customerIds: readonly number[], places: readonly OrderPlace[]): Promise<void> {
  const customers = [...new Set(customerIds)].sort((a, b) => a - b);
  if (customers.length + places.length > 0) {
    // The settings end in the same statement (one round trip less for every incremental write).
    await execute(
      tx,
      `WITH pending AS (
         INSERT INTO customer_metrics_pending (account_id, customer_id) SELECT $1, c.id FROM unnest($2::int4[]) AS c(id) ORDER BY 2
         ON CONFLICT (account_id, customer_id) DO NOTHING
       ), refreshed AS (
         SELECT orders_customer_previous_refresh(ARRAY(
           SELECT ROW(x.id, $1, x.customer_id, x.source::"CommerceSource", x.placed_at, x.own)::orders_customer_previous_place
           FROM unnest($3::int4[], $4::int4[], $5::text[], $6::timestamptz[], $7::bool[]) AS x(id, customer_id, source, placed_at, own))) AS done
       )
       SELECT r.done, ${deferred('off')} FROM refreshed r`,
      accountId,
      arrayLiteral(customers),
      arrayLiteral(places.map((p) => p.id)),
      arrayLiteral(places.map((p) => p.customerId)),
      arrayLiteral(places.map((p) => sourceDb(p.source))),
      arrayLiteral(places.map((p) => iso(p.placedAt))),
      arrayLiteral(places.map((p) => p.own)),
    );
    return;
  }
  await execute(tx, `SELECT ${deferred('off')}`);
}

/**
 * A bulk batch that only added orders (it replaced and removed none): each customer's earliest new
 * order (`firstAt`) and the smallest id the batch's INSERT gave (`fromId`; the account's writes are
 * serialized, so every smaller id of its orders was stored before the batch).
 */
export interface Appended {
  firstAt: ReadonlyMap<number, Date>;
  fromId: number;
}

/** A batch that only added orders (its places are its new orders): each customer's first, and the smallest id. */
export function appended(places: readonly OrderPlace[]): Appended {
  const firstAt = new Map<number, Date>();
  let fromId = Number.MAX_SAFE_INTEGER;
  for (const p of places) {
    fromId = Math.min(fromId, p.id);
    const first = p.customerId === null ? undefined : firstAt.get(p.customerId);
    if (p.customerId !== null && (first === undefined || p.placedAt < first)) firstAt.set(p.customerId, p.placedAt);
  }
  return { firstAt, fromId };
}

/**
 * Recomputes customer_previous_at and customer_source_previous_at of these customers' orders and
 * marks their metrics pending (the statement trigger that marks them, customer_metrics_mark_pending,
 * stepped aside with the others); ends deferPrevious. With `appended` only the customers that have
 * a stored order placed after one of the batch's are recomputed (one index probe each): the
 * INSERT wrote the new orders' own values, and only a later stored order's can change.
 */
export async function rebuildPrevious(tx: IngestionTx, accountId: string, customerIds: readonly number[], appended?: Appended): Promise<void> {
  if (customerIds.length > 0) {
    // The pending metrics and the look-up of the orders whose values change (a load in date order:
    // none) need no answer of each other (inOrder); then only those orders are written. The
    // look-up and the update probe indexes by customer and by id, whatever the statistics say (PROBE).
    const [, found] = await inOrder(
      tx,
      () =>
        execute(
          tx,
          `INSERT INTO customer_metrics_pending (account_id, customer_id)
           SELECT $1, c.id FROM (SELECT DISTINCT unnest($2::int4[]) AS id) c ORDER BY 2
           ON CONFLICT (account_id, customer_id) DO NOTHING`,
          accountId,
          arrayLiteral(customerIds),
        ),
      () =>
        queryRows<unknown[]>(
          tx,
          `SELECT v.id, v.any_source::text AS "anySource", v.same_source::text AS "sameSource"
           FROM (SELECT q.id, q.customer_previous_at, q.customer_source_previous_at,
                        CASE WHEN q.status = 'cancelled' THEN NULL
                             ELSE lag(q.placed_at) OVER (PARTITION BY q.customer_id, q.status = 'cancelled' ORDER BY q.placed_at, q.id) END AS any_source,
                        CASE WHEN q.status = 'cancelled' THEN NULL
                             ELSE lag(q.placed_at) OVER (PARTITION BY q.customer_id, q.source, q.status = 'cancelled' ORDER BY q.placed_at, q.id) END AS same_source
                 FROM ${appended ? LATER_STORED : 'unnest($2::int4[]) AS c(id)'}
                 CROSS JOIN LATERAL (SELECT * FROM orders q WHERE q.account_id = $1 AND q.customer_id = c.id ${PROBE}) q) v
           WHERE (v.customer_previous_at, v.customer_source_previous_at) IS DISTINCT FROM (v.any_source, v.same_source)`,
          accountId,
          ...(appended
            ? [arrayLiteral([...appended.firstAt.keys()]), arrayLiteral([...appended.firstAt.values()].map(iso)), appended.fromId]
            : [arrayLiteral([...new Set(customerIds)])]),
        ),
    );
    const changed = parseRows(previousRow, found);
    if (changed.length > 0) {
      await execute(
        tx,
        `UPDATE orders o SET customer_previous_at = x.any_source, customer_source_previous_at = x.same_source
         FROM unnest($2::int4[], $3::timestamptz[], $4::timestamptz[]) AS x(id, any_source, same_source)
         WHERE o.account_id = $1 AND o.id = x.id`,
        accountId,
        arrayLiteral(changed.map((c) => c.id)),
        arrayLiteral(changed.map((c) => c.anySource)),
        arrayLiteral(changed.map((c) => c.sameSource)),
      );
    }
  }
  await execute(tx, `SELECT ${deferred('off')}`);
}

// Prisma access of the write path, part 3: the customers an order batch names, created when
// missing, with their ids and their countries as stored. Each existing one is read FOR KEY SHARE
// (the lock the orders' foreign key check takes anyway): a change of its country
// (customers_country_to_orders) then waits until the batch commits and rewrites the batch's
// orders, so a bulk INSERT may write customer_country itself (migration 20261129020000).
import type { IngestionTx } from './types.ts';
import type { CustomerRow, OrderRow } from './validate.ts';
import { CUSTOMER_COLUMNS, INSERT_CUSTOMERS } from './repo.ts';
import { PROBE, arrayLiteral, queryRows, unnest } from './sql.ts';
import { REDACTED, REDACTED_NAME } from './rules.ts';
import { col, parseRows, z } from '../shared/index.ts';

export interface CustomerRef {
  id: number;
  country: string;
}

const refRow = z.object({ id: col.int, externalId: z.string(), country: z.string() });

/** The existing customers among these external ids, locked FOR KEY SHARE; by external id. */
function lockedRefs(select: string): string {
  return `SELECT c.id, c.external_id AS "externalId", c.country FROM (${select}) x
          CROSS JOIN LATERAL (SELECT c.id, c.external_id, c.country FROM customers c
                              WHERE c.account_id = $1 AND c.external_id = x.external_id ${PROBE} FOR KEY SHARE) c`;
}

/**
 * The customers these rows name (once each), created when missing with the row's details (an
 * existing customer is left as it is), in one statement: the existing ones from a probe per key
 * (locked), then only the others inserted. A customer the ledger holds as redacted
 * (customers/redact before they were stored) is created without their details (the ledger is
 * probed only for the customers created). A customer another transaction created meanwhile (not in
 * the statement's snapshot, so neither found nor created) is looked up again.
 */
export async function orderCustomerRefs(tx: IngestionTx, accountId: string, rows: readonly CustomerRow[]): Promise<Map<string, CustomerRef>> {
  if (rows.length === 0) return new Map();
  const u = unnest(CUSTOMER_COLUMNS, rows, 4);
  const found = parseRows(
    refRow,
    await queryRows<unknown[]>(
      tx,
      `WITH named AS MATERIALIZED (${u.select}),
       found AS MATERIALIZED (${lockedRefs('SELECT external_id FROM named')}),
       x AS (
         SELECT n.source, n.external_id, CASE WHEN r.redacted THEN '' ELSE n.email END AS email,
                CASE WHEN r.redacted THEN $2 ELSE n.name END AS name, n.phone, n.city, n.country, n.created_at
         FROM named n
         CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM ingestion_records l WHERE l.account_id = $1 AND l.source = replace(n.source::text, '-', '_')
                                              AND l.kind = 'customer' AND l.external_id = n.external_id AND l.content_hash = $3) AS redacted) r
         WHERE NOT EXISTS (SELECT 1 FROM found f WHERE f."externalId" = n.external_id)),
       created AS (
         ${INSERT_CUSTOMERS('x')}
         ON CONFLICT (account_id, external_id) DO NOTHING
         RETURNING id, external_id, country)
       SELECT id, external_id AS "externalId", country FROM created
       UNION ALL
       SELECT id, "externalId", country FROM found`,
      accountId,
      REDACTED_NAME,
      REDACTED,
      ...u.params,
    ),
  );
  const refs = new Map(found.map((r) => [r.externalId, { id: r.id, country: r.country }]));
  const missing = rows.filter((r) => !refs.has(r.externalId)).map((r) => r.externalId);
  if (missing.length > 0) {
    const again = await queryRows<unknown[]>(tx, lockedRefs('SELECT unnest($2::text[]) AS external_id'), accountId, arrayLiteral(missing));
    for (const r of parseRows(refRow, again)) refs.set(r.externalId, { id: r.id, country: r.country });
  }
  return refs;
}

/**
 * The customers the orders name, once each (the first mention's details, as the insert keeps the
 * first). A customer redacted (customers/redact) is created, if they were not stored yet, without
 * their details (orderCustomerRefs).
 */
export function orderCustomers(orders: readonly OrderRow[]): CustomerRow[] {
  const named = new Map<string, CustomerRow>();
  for (const o of orders) {
    if (!o.customer || named.has(o.customer.externalId)) continue;
    const { externalId, email, name, country } = o.customer;
    named.set(externalId, {
      source: o.source,
      externalId,
      email,
      name,
      country,
      updatedAt: null,
      hash: '',
      phone: null,
      city: '',
      createdAt: null,
    });
  }
  return [...named.values()];
}

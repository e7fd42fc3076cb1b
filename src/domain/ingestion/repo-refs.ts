// Prisma access of the write path, part 3: the customers an order batch names, created when
// missing, with their ids and their countries as stored. Each existing one is read FOR KEY SHARE
// (the lock the orders' foreign key check takes anyway): a change of its country
// (customers_country_to_orders) then waits until the batch commits and rewrites the batch's
// orders, so a bulk INSERT may write customer_country itself (migration 20261129020000).
import type { IngestionTx } from './types.ts';
import type { CustomerRow } from './validate.ts';
import { CUSTOMER_COLUMNS, INSERT_CUSTOMERS } from './repo.ts';
import { PROBE, arrayLiteral, unnest } from './sql.ts';
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
 * existing customer is left as it is), in one statement: the ones it creates come back from the
 * INSERT, the others from a probe per key. A customer another transaction created meanwhile (not
 * in the statement's snapshot, so neither created nor found) is looked up again.
 */
export async function orderCustomerRefs(tx: IngestionTx, accountId: string, rows: readonly CustomerRow[]): Promise<Map<string, CustomerRef>> {
  if (rows.length === 0) return new Map();
  const u = unnest(CUSTOMER_COLUMNS, rows, 2);
  const found = parseRows(
    refRow,
    await tx.$queryRawUnsafe<unknown[]>(
      `WITH x AS MATERIALIZED (${u.select}),
       created AS (
         ${INSERT_CUSTOMERS('x')}
         ON CONFLICT (account_id, external_id) DO NOTHING
         RETURNING id, external_id, country)
       SELECT id, external_id AS "externalId", country FROM created
       UNION ALL
       ${lockedRefs('SELECT external_id FROM x')}`,
      accountId,
      ...u.params,
    ),
  );
  const refs = new Map(found.map((r) => [r.externalId, { id: r.id, country: r.country }]));
  const missing = rows.filter((r) => !refs.has(r.externalId)).map((r) => r.externalId);
  if (missing.length > 0) {
    const again = await tx.$queryRawUnsafe<unknown[]>(lockedRefs('SELECT unnest($2::text[]) AS external_id'), accountId, arrayLiteral(missing));
    for (const r of parseRows(refRow, again)) refs.set(r.externalId, { id: r.id, country: r.country });
  }
  return refs;
}

// The planner's statistics of the tables a bulk load's look-ups read (the refunds, the orders, the
// customers), refreshed by the load itself where they do not count the account's rows.
//
// Every look-up of a batch's keys is a probe by (account_id, ...) (PROBE in sql.ts), and which
// index the planner probes follows what it believes of the account's rows. Without statistics it
// may take another index than the key's: the refunds by order took the unique index on
// (account_id, source, external_id), 0.4 ms an order with 300 refunds, growing with the table; an
// order's last stored one (the INSERT's previous-order values) scanned the account's orders by
// date, 1.7 s for the second batch of 2,000. Statistics taken while the account had no rows (only
// other accounts', or the table analyzed after the demo seed) are worse: they tell the planner the
// account has none, and each look-up takes whichever index starts with the account and reads all
// of its rows for every key (the demo seed on the embedded database after a few orders of another
// account: 20 s -> 170 s, the stored orders' look-up 13.6 s for the fifth batch of 2,000).
import type { IngestionTx } from './types.ts';
import { execute, queryRows } from './sql.ts';

const TABLES = ['refunds', 'orders', 'customers'] as const;
/** The account's rows counted at most (the count stops there: a probe of the account's index). */
const COUNTED = 1_000;
/** Rows of the account a table needs before its statistics are judged. */
const ENOUGH = 20;
/** Statistics are refreshed when the planner expects fewer than a tenth of the account's rows. */
const UNDER = 10;

/**
 * One bulk call's view of the statistics. At each batch (ANALYZE inside the transaction counts
 * its own rows), a table with at least ENOUGH rows of the account is analyzed if the planner's
 * estimate of them (EXPLAIN, the account as its parameter) is under a tenth of what is there; once
 * COUNTED rows are there and the estimate holds (or was just refreshed), the table is settled for
 * the rest of the call. A load into tables whose statistics count the account runs no ANALYZE; a
 * new account's load runs one or two per table, in its first batches.
 */
export class BulkStatistics {
  private readonly settled = new Set<string>();

  async refresh(tx: IngestionTx, accountId: string): Promise<void> {
    const stale: string[] = [];
    for (const table of TABLES) {
      if (this.settled.has(table)) continue;
      // The table names are the constants above.
      const [row] = await queryRows<Array<{ n: number }>>(
        tx,
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} WHERE account_id = $1 LIMIT ${COUNTED}) x`,
        accountId,
      );
      const counted = row?.n ?? 0;
      if (counted < ENOUGH) continue;
      if ((await estimatedRows(tx, table, accountId)) * UNDER < counted) stale.push(table);
      if (counted >= COUNTED) this.settled.add(table);
    }
    if (stale.length > 0) await execute(tx, `ANALYZE ${stale.join(', ')}`);
  }
}

/** The planner's estimate of the account's rows in the table (the top line of its plan). */
async function estimatedRows(tx: IngestionTx, table: string, accountId: string): Promise<number> {
  const plan = await queryRows<Array<Record<string, string>>>(tx, `EXPLAIN SELECT 1 FROM ${table} WHERE account_id = $1`, accountId);
  const top = Object.values(plan[0] ?? {})[0] ?? '';
  return Number(/ rows=(\d+)/.exec(top)?.[1] ?? 0);
}

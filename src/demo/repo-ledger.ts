// The AI credit ledger of the demo seed (repo.ts writes the rest), inside the seed's transaction.
import type { Prisma } from '../db/client.ts';
import { DEMO_ACCOUNT_ID, type LedgerEntry } from './generate.ts';
import { at } from './generate-time.ts';

type Tx = Prisma.TransactionClient;

/**
 * The ledger is append-only, so rows go in final: a refund names its consume's id, which is only
 * known once that consume is written. Rows are written in runs that stop before such a refund.
 */
export async function insertLedger(tx: Tx, entries: readonly LedgerEntry[]): Promise<number> {
  const ids = new Map<LedgerEntry, number>();
  const needsUnwrittenTarget = (e: LedgerEntry) => e.refundOf !== undefined && !ids.has(e.refundOf);
  let start = 0;
  while (start < entries.length) {
    let end = start + 1;
    while (end < entries.length && !needsUnwrittenTarget(at(entries, end))) end++;
    const run = entries.slice(start, end);
    const data: Prisma.CreditTransactionCreateManyInput[] = run.map((e) => {
      const refundOfId = e.refundOf ? (ids.get(e.refundOf) ?? null) : null;
      return {
        accountId: DEMO_ACCOUNT_ID,
        kind: e.kind,
        feature: e.feature,
        amount: e.amount,
        balanceAfter: e.balanceAfter,
        meta: refundOfId === null ? e.meta : { ...e.meta, refund_of: refundOfId },
        refundOfId,
        createdAt: new Date(e.at),
      };
    });
    const created = await tx.creditTransaction.createManyAndReturn({ data, select: { id: true, createdAt: true } });
    // Instants are unique in the ledger (settleLedger makes them so): match rows by time.
    const byTime = new Map(created.map((r) => [r.createdAt.getTime(), r.id]));
    for (const e of run) {
      const id = byTime.get(e.at);
      if (id === undefined) throw new Error('credit_transactions: id not returned');
      ids.set(e, id);
    }
    start = end;
  }
  return ids.size;
}

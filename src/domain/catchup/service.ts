// The analytics catch-up (docs/analytics.md, "Catch-up"): every write of commerce data marks the
// account's local days, customers and SKUs it changed (`onChanged`, inside the write's
// transaction); a debounced run on the job queue recomputes exactly those (profit snapshots of the
// marked days however old, metrics of the marked customers, velocity of the marked SKUs) and
// announces itself on the live feed. The hourly jobs stay the safety net.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../db/client.ts';
import type { ProfitService } from '../profit/index.ts';
import type { CustomersService } from '../customers/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import { catchupRepo } from './repo.ts';
import { groupMarks, marksOf } from './rules.ts';
import { signalCatchupDue } from './wakeup.ts';
import type { ChangeSet, OnChanged } from './types.ts';

export interface CatchupDeps {
  profit: Pick<ProfitService, 'snapshotDays'>;
  customers: Pick<CustomersService, 'recountCustomers'>;
  inventory: Pick<InventoryService, 'computeInventoryVelocity'>;
  /** How long after the first write a run starts (the writes meanwhile join it). */
  debounceMs: number;
}

export function catchupService(prisma: PrismaClient, deps: CatchupDeps) {
  const repo = catchupRepo(prisma);
  const onChanged: OnChanged = async (tx, accountId, changes: ChangeSet) => {
    const marks = marksOf(changes);
    if (marks.length === 0) return;
    await repo.mark(tx, accountId, marks, deps.debounceMs);
    // A worker in this process looks when the run is due (others poll, CATCHUP_POLL_MS).
    signalCatchupDue(deps.debounceMs);
  };
  return {
    /** The port of the ingestion commands: call it inside the write's transaction, once, after the writes. */
    onChanged,
    /**
     * One catch-up run for the account (the analytics-catchup job): takes its marks, recomputes
     * what they name, then deletes them and writes `analytics.updated` (live only). A failure
     * leaves the marks for the next run. Returns the rows written.
     */
    async catchUp(accountId: string, now = new Date()): Promise<number> {
      const token = randomUUID();
      const marks = await repo.take(accountId, token);
      if (marks.length === 0) return 0;
      const { days, customerIds, skus } = groupMarks(marks);
      let rows = 0;
      if (days.length) rows += await deps.profit.snapshotDays(accountId, days, now);
      if (customerIds.length) rows += await deps.customers.recountCustomers(accountId, now, customerIds);
      if (skus.length) rows += await deps.inventory.computeInventoryVelocity(accountId, now, skus);
      await repo.release(accountId, token, { days: [...days].sort(), customers: customerIds.length, skus: skus.length }, now);
      return rows;
    },
    /** The account's marks not caught up on yet. */
    pending: (accountId: string) => repo.pending(accountId),
  };
}

export type CatchupService = ReturnType<typeof catchupService>;

// The ingestion service: each command in one transaction (or the caller's: `within`), the
// onChanged port called inside it, the bulk form in batches; concurrent order writes of one
// account combined into one transaction (./combine.ts).
import type { PrismaClient } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ChangeSet, IngestionService, IngestionTx, OnChanged, OrderRecord, Origin } from './types.ts';
import { REFUND_ATTRIBUTIONS } from './rules.ts';
import { type Transact, type WriteContext, inTransaction, transactOn } from './batch.ts';
import { cancelOrders, upsertRefunds, writeOrderBatch } from './orders.ts';
import { setInventoryLevels, upsertAdSpend, upsertCustomers, upsertExpenses, upsertProducts } from './commands.ts';
import { deleteRecords, redactCustomers, redactShop } from './erase.ts';
import { lockAccount, refundDays, setRefundAttribution } from './repo.ts';
import { combinedOrderWrites } from './combine.ts';
import { bulkOrders } from './bulk.ts';
import { BulkStatistics } from './repo-statistics.ts';

export const noChanges: OnChanged = async () => {};

const BULK_BATCH = 2_000;

function build(transact: Transact, onChanged: OnChanged, options: { combine: boolean }): IngestionService {
  const run = (accountId: string, origin: Origin, work: (ctx: WriteContext) => Promise<void>, offset = 0) =>
    inTransaction(transact, onChanged, accountId, origin, work, offset);
  const writeOrders = (accountId: string, origin: Origin, records: readonly OrderRecord[]) => run(accountId, origin, (ctx) => writeOrderBatch(ctx, records));
  return {
    // Concurrent order writes of one account share a transaction (group commit: ./combine.ts).
    upsertOrders: options.combine ? combinedOrderWrites(writeOrders) : writeOrders,
    upsertRefunds: (accountId, origin, records) => run(accountId, origin, (ctx) => upsertRefunds(ctx, records)),
    cancelOrders: (accountId, origin, records) => run(accountId, origin, (ctx) => cancelOrders(ctx, records)),
    upsertCustomers: (accountId, origin, records) => run(accountId, origin, (ctx) => upsertCustomers(ctx, records)),
    upsertProducts: (accountId, origin, records) => run(accountId, origin, (ctx) => upsertProducts(ctx, records)),
    setInventoryLevels: (accountId, origin, records) => run(accountId, origin, (ctx) => setInventoryLevels(ctx, records)),
    upsertAdSpend: (accountId, origin, records) => run(accountId, origin, (ctx) => upsertAdSpend(ctx, records)),
    upsertExpenses: (accountId, origin, records) => run(accountId, origin, (ctx) => upsertExpenses(ctx, records)),
    deleteRecords: (accountId, origin, records) => run(accountId, origin, (ctx) => deleteRecords(ctx, records)),
    redactCustomers: (accountId, origin, ids) => run(accountId, origin, (ctx) => redactCustomers(ctx, ids)),
    redactShop: (accountId, origin) => run(accountId, origin, (ctx) => redactShop(ctx)),

    bulkUpsertOrders: (accountId, origin, records, options = {}) => {
      const statistics = new BulkStatistics();
      return bulkOrders(
        origin.source,
        records,
        options,
        (work, offset) => run(accountId, origin, work, offset),
        (ctx, batch) => writeOrderBatch(ctx, batch, { bulk: statistics }),
        BULK_BATCH,
      );
    },

    getRefundAttribution: (accountId) =>
      transact(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (!account) throw new AppError('not_found', 'No such account.');
        return account.refundAttribution;
      }),

    async setRefundAttribution(accountId, attribution) {
      if (!REFUND_ATTRIBUTIONS.includes(attribution))
        throw new AppError('invalid_parameter', `refund attribution must be ${REFUND_ATTRIBUTIONS.join(' or ')}`, { param: 'attribution' });
      // Under the account's write lock (no refund is written meanwhile), the setting and the marks
      // of every day a refund touches commit together: the catch-up recomputes those snapshots
      // under the new rule. Setting the current value again changes and marks nothing.
      return transact(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (!account) throw new AppError('not_found', 'No such account.');
        const changes: ChangeSet = { days: [], customerIds: [], skus: [] };
        if (account.refundAttribution === attribution) return { attribution, changed: false, changes };
        await setRefundAttribution(tx, accountId, attribution);
        changes.days = await refundDays(tx, accountId, account.timezone);
        if (changes.days.length > 0) await onChanged(tx, accountId, changes);
        return { attribution, changed: true, changes };
      });
    },

    within: (tx) => ingestionInTransaction(tx, { onChanged }),
  };
}

/** The commands inside a transaction the caller holds (the demo seed: all or nothing). */
export function ingestionInTransaction(tx: IngestionTx, ports: { onChanged?: OnChanged } = {}): IngestionService {
  return build((work) => work(tx), ports.onChanged ?? noChanges, { combine: false });
}

/**
 * The write path over a database. `onChanged` (default: nothing) is called inside each write's
 * transaction with what it changed; the analytics catch-up marks its work there.
 */
export function ingestionService(prisma: PrismaClient, ports: { onChanged?: OnChanged } = {}): IngestionService {
  return build(transactOn(prisma), ports.onChanged ?? noChanges, { combine: true });
}

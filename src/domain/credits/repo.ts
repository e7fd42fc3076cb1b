// The only Prisma access for credits: the balance row and the append-only ledger. Every write
// changes the balance with one conditional statement and appends its ledger row and its events in
// the same transaction, so the balance always equals the ledger's sum and never goes below zero.
import { Prisma } from '../../db/__generated__/prisma/client.ts';
import type { PrismaClient } from '../../db/client.ts';
import { queryRows } from '../../db/statements.ts';
import { AppError } from '../../errors.ts';
import { col, isUniqueViolation, parseRows, z } from '../shared/rows.ts';
import { appendEvents } from '../events/repo.ts';
import type { DomainEvent } from '../events/catalog.ts';

type Tx = Prisma.TransactionClient;

/** Interactive transactions of the ledger: short, but they may queue behind many others. */
const TX_OPTIONS = { maxWait: 60_000, timeout: 30_000 } as const;

export interface LedgerRow {
  id: number;
  kind: 'consume' | 'refund' | 'purchase' | 'auto_topup' | 'grant';
  feature: string;
  amount: number;
  balanceAfter: number;
  createdAt: Date;
}

const ledgerSelect = { id: true, kind: true, feature: true, amount: true, balanceAfter: true, createdAt: true } as const;

/** What a debit saw: the balance after it and the auto top-up settings at that moment. */
export interface DebitOutcome {
  row: LedgerRow;
  balanceBefore: number;
  autoTopup: { enabled: boolean; threshold: number; amount: number };
}

import { idDescendingWindow, type PageRequest } from '../shared/index.ts';

export interface BalanceRow {
  balance: number;
  totalPurchased: number;
  totalSpent: number;
  autoTopupEnabled: boolean;
  autoTopupThreshold: number;
  autoTopupAmount: number;
  autoTopupLastChargedAt: Date | null;
  updatedAt: Date;
}

const balanceRow = z.object({
  balance: col.int,
  totalPurchased: col.int,
  totalSpent: col.int,
  autoTopupEnabled: col.bool,
  autoTopupThreshold: col.int,
  autoTopupAmount: col.int,
  autoTopupLastChargedAt: col.date.nullable(),
  updatedAt: col.date,
}) satisfies z.ZodType<BalanceRow>;
const debitRow = z.object({
  state: col.text.nullable(),
  current: col.int.nullable(),
  balance: col.int.nullable(),
  enabled: col.bool.nullable(),
  threshold: col.int.nullable(),
  topup: col.int.nullable(),
  id: col.int.nullable(),
  created_at: col.date.nullable(),
});
const balanceOnlyRow = z.object({ balance: col.int });
const autoTopupRow = z.object({ enabled: col.bool, threshold: col.int, topUpAmount: col.int, lastChargedAt: col.date.nullable() });
/** The auto top-up settings as the API shows them. */
export type AutoTopupRow = z.infer<typeof autoTopupRow>;

export function creditsRepo(prisma: PrismaClient) {
  const refundOf = (accountId: string, debitId: number) =>
    prisma.creditTransaction.findFirst({ where: { accountId, refundOfId: debitId }, select: ledgerSelect });
  return {
    /** The balance row (a hot path of both doors: one plain statement). */
    async balance(accountId: string): Promise<BalanceRow | null> {
      const rows = parseRows(
        balanceRow,
        await queryRows(
          prisma,
          Prisma.sql`
        SELECT balance, total_purchased AS "totalPurchased", total_spent AS "totalSpent", auto_topup_enabled AS "autoTopupEnabled",
               auto_topup_threshold AS "autoTopupThreshold", auto_topup_amount AS "autoTopupAmount",
               auto_topup_last_charged_at AS "autoTopupLastChargedAt", updated_at AS "updatedAt"
        FROM credit_balances WHERE account_id = ${accountId}`,
        ),
      );
      return rows[0] ?? null;
    },
    recentTransactions(accountId: string, take: number) {
      return prisma.creditTransaction.findMany({
        where: { accountId },
        orderBy: { id: 'desc' },
        take,
        select: { kind: true, feature: true, amount: true, balanceAfter: true, createdAt: true, meta: true },
      });
    },
    /** The refund row of a debit, if any. */
    refundOf,
    /** The ledger's sum and the balance row (tests and consistency checks). */
    async ledgerSum(accountId: string): Promise<number> {
      const agg = await prisma.creditTransaction.aggregate({ where: { accountId }, _sum: { amount: true } });
      return agg._sum.amount ?? 0;
    },
    /**
     * Takes `amount` credits, if AI access is enabled and the balance covers it: one conditional
     * UPDATE (balance >= amount), its ledger row and the events `events(outcome)` builds, in one
     * transaction. Paused access and a short balance are 402 payment_required; nothing is written.
     */
    debit(
      accountId: string,
      input: { feature: string; amount: number; meta: Prisma.InputJsonObject; at: Date },
      events: (outcome: DebitOutcome) => DomainEvent[],
    ): Promise<DebitOutcome> {
      return prisma.$transaction(async (tx) => {
        // One statement: the access check, the conditional UPDATE and the ledger row (a paused
        // account or a short balance updates no row, so nothing is inserted either).
        const [r] = parseRows(
          debitRow,
          await tx.$queryRaw`
          WITH access AS (SELECT state FROM ai_access WHERE account_id = ${accountId}),
          upd AS (
            UPDATE credit_balances
            SET balance = balance - ${input.amount}::int, total_spent = total_spent + ${input.amount}::int, updated_at = ${input.at}::timestamptz
            WHERE account_id = ${accountId} AND balance >= ${input.amount}::int
              AND NOT EXISTS (SELECT 1 FROM access WHERE state = 'paused')
            RETURNING balance, auto_topup_enabled, auto_topup_threshold, auto_topup_amount
          ),
          ins AS (
            INSERT INTO credit_transactions (account_id, kind, feature, amount, balance_after, meta, created_at)
            SELECT ${accountId}, 'consume', ${input.feature}, -${input.amount}::int, upd.balance, ${JSON.stringify(input.meta)}::jsonb, ${input.at}::timestamptz FROM upd
            RETURNING id, created_at
          )
          SELECT (SELECT state::text FROM access) AS state,
                 (SELECT balance FROM credit_balances WHERE account_id = ${accountId}) AS current,
                 upd.balance, upd.auto_topup_enabled AS enabled, upd.auto_topup_threshold AS threshold, upd.auto_topup_amount AS topup,
                 ins.id, ins.created_at
          FROM (SELECT 1) AS one LEFT JOIN upd ON true LEFT JOIN ins ON true`,
        );
        if (!r) throw new AppError('not_found', `no credit balance for account ${accountId}`);
        if (r.state === 'paused') throw new AppError('payment_required', 'AI access is paused for this account');
        // The ledger row exists exactly when the UPDATE took the credits: then every column of `upd` and `ins` is set.
        if (r.id === null || r.balance === null || r.created_at === null || r.enabled === null || r.threshold === null || r.topup === null) {
          if (r.current === null) throw new AppError('not_found', `no credit balance for account ${accountId}`);
          throw new AppError('payment_required', `insufficient credits: ${input.feature} costs ${input.amount}, the balance is ${r.current}`);
        }
        const row: LedgerRow = {
          id: r.id,
          kind: 'consume',
          feature: input.feature,
          amount: -input.amount,
          balanceAfter: r.balance,
          createdAt: r.created_at,
        };
        const outcome: DebitOutcome = {
          row,
          balanceBefore: row.balanceAfter + input.amount,
          autoTopup: { enabled: r.enabled, threshold: r.threshold, amount: r.topup },
        };
        await appendEvents(tx, accountId, events(outcome), input.at);
        return outcome;
      }, TX_OPTIONS);
    },
    /**
     * Gives a debit's credits back, at most once: the refund row's refund_of_id is unique, so of
     * two concurrent refunds one commits and the other rolls back (balance change included) and
     * returns the committed row. Returns the refund row and whether this call made it.
     */
    async refund(
      accountId: string,
      debitId: number,
      at: Date,
      events: (row: LedgerRow, debit: LedgerRow) => DomainEvent[],
    ): Promise<{ row: LedgerRow; created: boolean }> {
      const debit = await prisma.creditTransaction.findFirst({ where: { accountId, id: debitId }, select: ledgerSelect });
      if (!debit || debit.kind !== 'consume') throw new AppError('not_found', `no debit ${debitId} for this account`);
      const existing = await refundOf(accountId, debitId);
      if (existing) return { row: existing, created: false };
      try {
        const row = await prisma.$transaction(async (tx) => {
          const credits = -debit.amount;
          const updated = parseRows(
            balanceOnlyRow,
            await tx.$queryRaw`
            UPDATE credit_balances
            SET balance = balance + ${credits}::int, total_spent = total_spent - ${credits}::int, updated_at = ${at}
            WHERE account_id = ${accountId}
            RETURNING balance`,
          );
          const created = await tx.creditTransaction.create({
            data: {
              accountId,
              kind: 'refund',
              feature: debit.feature,
              amount: credits,
              balanceAfter: updated[0]!.balance,
              refundOfId: debitId,
              meta: { refund_of: debitId },
              createdAt: at,
            },
            select: ledgerSelect,
          });
          await appendEvents(tx, accountId, events(created, debit), at);
          return created;
        }, TX_OPTIONS);
        return { row, created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const winner = await refundOf(accountId, debitId);
        if (!winner) throw error;
        return { row: winner, created: false };
      }
    },
    /** Adds purchased credits (manual purchase or auto top-up) with its ledger row and events. */
    credit(
      accountId: string,
      input: { kind: 'purchase' | 'auto_topup'; amount: number; meta: Prisma.InputJsonObject; at: Date },
      events: (row: LedgerRow) => DomainEvent[],
    ): Promise<LedgerRow> {
      return prisma.$transaction(async (tx: Tx) => {
        const updated = parseRows(
          balanceOnlyRow,
          await tx.$queryRaw`
          UPDATE credit_balances
          SET balance = balance + ${input.amount}::int, total_purchased = total_purchased + ${input.amount}::int, updated_at = ${input.at},
              auto_topup_last_charged_at = CASE WHEN ${input.kind}::text = 'auto_topup' THEN ${input.at}::timestamptz ELSE auto_topup_last_charged_at END
          WHERE account_id = ${accountId}
          RETURNING balance`,
        );
        if (!updated[0]) throw new AppError('not_found', `no credit balance for account ${accountId}`);
        const row = await tx.creditTransaction.create({
          data: { accountId, kind: input.kind, feature: '', amount: input.amount, balanceAfter: updated[0].balance, meta: input.meta, createdAt: input.at },
          select: ledgerSelect,
        });
        await appendEvents(tx, accountId, events(row), input.at);
        return row;
      }, TX_OPTIONS);
    },
    /** Switches auto top-up and its settings (fields left out stay). */
    setAutoTopup(accountId: string, settings: { enabled?: boolean; threshold?: number; amount?: number }) {
      return prisma.creditBalance.update({
        where: { accountId },
        data: { autoTopupEnabled: settings.enabled, autoTopupThreshold: settings.threshold, autoTopupAmount: settings.amount },
        select: { autoTopupEnabled: true, autoTopupThreshold: true, autoTopupAmount: true },
      });
    },
    /** Replaces the auto top-up settings: one UPDATE of the account's own row (null when it has none). */
    async updateAutoTopup(accountId: string, settings: { enabled: boolean; threshold: number; amount: number }): Promise<AutoTopupRow | null> {
      const rows = parseRows(
        autoTopupRow,
        await prisma.$queryRaw`
        UPDATE credit_balances
        SET auto_topup_enabled = ${settings.enabled}, auto_topup_threshold = ${settings.threshold}, auto_topup_amount = ${settings.amount}
        WHERE account_id = ${accountId}
        RETURNING auto_topup_enabled AS "enabled", auto_topup_threshold AS "threshold", auto_topup_amount AS "topUpAmount",
                  auto_topup_last_charged_at AS "lastChargedAt"`,
      );
      return rows[0] ?? null;
    },
    /** How many ledger entries the account has. */
    transactionCount(accountId: string) {
      return prisma.creditTransaction.count({ where: { accountId } });
    },
    /** A page of the ledger in id-descending order (see domain/shared/bounds.ts), take+1 rows in fetch order. */
    transactionsPage(accountId: string, request: PageRequest<number>) {
      const { id, order, take } = idDescendingWindow(request);
      return prisma.creditTransaction.findMany({
        where: { accountId, ...(id ? { id } : {}) },
        orderBy: { id: order },
        take,
        select: { id: true, kind: true, feature: true, amount: true, balanceAfter: true, createdAt: true, meta: true },
      });
    },
  };
}

// Credits: the account's view (balance, totals, auto top-up, latest transactions) and the ledger
// writes every paid feature goes through: debit, refund, purchase and the automatic top-up.
// Balance rules and events: docs/credits.md.
import type { PrismaClient } from '../../db/client.ts';
import type { JsonObject } from '../shared/index.ts';
import { AppError } from '../../errors.ts';
import { domainEvent, type DomainEvent } from '../events/catalog.ts';
import { creditsRepo, type DebitOutcome, type LedgerRow } from './repo.ts';
import { FEATURE_COSTS, featureCost, type FeatureName } from './feature-costs.ts';
import { simulatedPayments, type PaymentPort } from './payments.ts';
import { pageOf, pageRequest, type PageArgs } from '../shared/index.ts';

export const TRANSACTION_PAGE = { default: 25, max: 100 };

export const RECENT_TRANSACTIONS = 5;
/** credits.low fires when a debit takes the balance from at least this to below it. */
export const LOW_BALANCE = 100;
/** The most credits one purchase may add. */
export const MAX_PURCHASE = 1_000_000;
/** The most units (orders, calls) one debit may charge for. */
export const MAX_UNITS = 100_000;

export interface DebitResult {
  transactionId: number;
  feature: string;
  amount: number;
  balance: number;
  /** The automatic top-up this debit set off, if any. */
  autoTopup: { transactionId: number; amount: number; balance: number; checkoutSession: string } | null;
  /** Why the top-up this debit set off failed (the debit itself stands). */
  autoTopupError: string | null;
}

export interface RefundResult {
  transactionId: number;
  refundOf: number;
  amount: number;
  /** The balance now (after this refund, or after whatever followed an earlier one). */
  balance: number;
  /** True when the debit had been refunded before this call (nothing changed). */
  alreadyRefunded: boolean;
}

export interface PurchaseResult {
  transactionId: number;
  credits: number;
  balance: number;
  checkoutSession: string;
  invoiceId: string;
}

function debitEvents(feature: string, { row, balanceBefore }: DebitOutcome): DomainEvent[] {
  const taken = -row.amount;
  const events: DomainEvent[] = [domainEvent('credit.consumed', { transaction_id: row.id, feature, amount: taken, balance: row.balanceAfter })];
  if (balanceBefore >= LOW_BALANCE && row.balanceAfter < LOW_BALANCE) {
    events.push(domainEvent('credits.low', { balance: row.balanceAfter, threshold: LOW_BALANCE, last_feature: feature }));
  }
  if (row.balanceAfter === 0) events.push(domainEvent('credits.depleted', { balance: 0, last_feature: feature, last_amount: taken }));
  return events;
}

const positiveInt = (value: number, param: string, max = Number.MAX_SAFE_INTEGER): number => {
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw new AppError('invalid_parameter', `${param} must be an integer from 1 to ${max}`, { param });
  return value;
};

export function creditsService(prisma: PrismaClient, options: { payments?: PaymentPort } = {}) {
  const repo = creditsRepo(prisma);
  const payments = options.payments ?? simulatedPayments();

  async function getCreditBalance(accountId: string) {
    // Every account gets a balance row when it is created; an account without one has none yet.
    const row = (await repo.balance(accountId)) ?? {
      balance: 0,
      totalPurchased: 0,
      totalSpent: 0,
      autoTopupEnabled: false,
      autoTopupThreshold: 100,
      autoTopupAmount: 500,
      autoTopupLastChargedAt: null,
      updatedAt: new Date(0),
    };
    return { accountId, ...row };
  }

  async function currentBalance(accountId: string): Promise<number> {
    return (await repo.balance(accountId))?.balance ?? 0;
  }

  /** Pays through the port, then records the credits, credits.recharged and purchase.created. */
  async function recordPurchase(
    accountId: string,
    credits: number,
    source: 'purchase' | 'auto_topup',
    customerEmail: string,
    at: Date,
  ): Promise<PurchaseResult> {
    const checkout = await payments.checkout({ accountId, credits, source, customerEmail });
    const meta: JsonObject = {
      checkout_session: checkout.sessionId,
      invoice_id: checkout.invoiceId,
      ...(source === 'auto_topup' ? { trigger: 'threshold' } : {}),
    };
    const row = await repo.credit(accountId, { kind: source, amount: credits, meta, at }, (r: LedgerRow) => [
      domainEvent('credits.recharged', { credits_added: credits, new_balance: r.balanceAfter, stripe_session: checkout.sessionId, source }),
      domainEvent('purchase.created', { invoice_id: checkout.invoiceId, amount: checkout.amount, currency: checkout.currency, customer_email: customerEmail }),
    ]);
    return { transactionId: row.id, credits, balance: row.balanceAfter, checkoutSession: checkout.sessionId, invoiceId: checkout.invoiceId };
  }

  return {
    /** Balance, totals and auto top-up settings (no ledger read). */
    getCreditBalance,
    /** The balance with the RECENT_TRANSACTIONS latest ledger rows (GET /api/v1/credits). */
    async getCreditSummary(accountId: string) {
      const [balance, recent] = await Promise.all([getCreditBalance(accountId), repo.recentTransactions(accountId, RECENT_TRANSACTIONS)]);
      return { ...balance, recent };
    },

    /**
     * Charges `units` of a paid feature at its price in the feature-cost table. While AI access
     * is paused, or when the balance does not cover it, throws payment_required and writes
     * nothing. When the debit takes the balance under the auto top-up threshold (and auto top-up
     * is on), one top-up follows, once per crossing.
     */
    async debit(accountId: string, feature: FeatureName, options: { units?: number; meta?: JsonObject; at?: Date } = {}): Promise<DebitResult> {
      if (!FEATURE_COSTS.some((f) => f.feature === feature)) throw new AppError('invalid_parameter', `unknown paid feature: ${feature}`, { param: 'feature' });
      const amount = featureCost(feature, positiveInt(options.units ?? 1, 'units', MAX_UNITS));
      const at = options.at ?? new Date();
      const outcome = await repo.debit(accountId, { feature, amount, meta: options.meta ?? {}, at }, (o) => debitEvents(feature, o));
      const { row, balanceBefore, autoTopup } = outcome;
      let topup: DebitResult['autoTopup'] = null;
      let topupError: string | null = null;
      // Exactly one debit takes the balance across the threshold (the UPDATEs are serialized on
      // the balance row); the top-up lifts it back, so the next crossing is a new one. The debit
      // has committed: a failed payment is reported, never turned into a failed debit.
      if (autoTopup.enabled && autoTopup.amount > 0 && balanceBefore >= autoTopup.threshold && row.balanceAfter < autoTopup.threshold) {
        try {
          const paid = await recordPurchase(accountId, autoTopup.amount, 'auto_topup', '', new Date());
          topup = { transactionId: paid.transactionId, amount: paid.credits, balance: paid.balance, checkoutSession: paid.checkoutSession };
        } catch (error) {
          topupError = error instanceof Error ? error.message : String(error);
        }
      }
      return { transactionId: row.id, feature, amount, balance: topup?.balance ?? row.balanceAfter, autoTopup: topup, autoTopupError: topupError };
    },

    /** Returns a debit's credits; at most once, whatever the concurrency (later calls report it). */
    async refund(accountId: string, debitId: number, at = new Date()): Promise<RefundResult> {
      positiveInt(debitId, 'id', 2_147_483_647);
      const { row, created } = await repo.refund(accountId, debitId, at, (r, debit) => [
        domainEvent('credit.refunded', { transaction_id: r.id, refund_of: debit.id, feature: debit.feature, amount: r.amount, balance: r.balanceAfter }),
      ]);
      return {
        transactionId: row.id,
        refundOf: debitId,
        amount: row.amount,
        balance: created ? row.balanceAfter : await currentBalance(accountId),
        alreadyRefunded: !created,
      };
    },

    /** A manual purchase of `credits` through the payment port. */
    async purchase(accountId: string, credits: number, options: { customerEmail?: string; at?: Date } = {}): Promise<PurchaseResult> {
      return recordPurchase(accountId, positiveInt(credits, 'credits', MAX_PURCHASE), 'purchase', options.customerEmail ?? '', options.at ?? new Date());
    },

    /** Auto top-up settings (fields left out stay as they are). */
    setAutoTopup(accountId: string, settings: { enabled?: boolean; threshold?: number; amount?: number }) {
      if (settings.threshold !== undefined) positiveInt(settings.threshold, 'threshold', MAX_PURCHASE);
      if (settings.amount !== undefined) positiveInt(settings.amount, 'amount', MAX_PURCHASE);
      return repo.setAutoTopup(accountId, settings);
    },

    /**
     * Replaces all the auto top-up settings at once (the dashboard's form): threshold and amount
     * from 1 to MAX_PURCHASE, as setAutoTopup; a refusal changes nothing.
     */
    async updateAutoTopup(accountId: string, settings: { enabled: boolean; threshold: number; topUpAmount: number }) {
      const threshold = positiveInt(settings.threshold, 'threshold', MAX_PURCHASE);
      const amount = positiveInt(settings.topUpAmount, 'top_up_amount', MAX_PURCHASE);
      const row = await repo.updateAutoTopup(accountId, { enabled: settings.enabled, threshold, amount });
      if (!row) throw new AppError('not_found', `no credit balance for account ${accountId}`);
      return row;
    },

    /** The ledger's sum (equal to the balance at every commit). */
    ledgerSum: (accountId: string) => repo.ledgerSum(accountId),
    currentBalance,
    /** A page of the ledger, newest first (first/after or last/before; at most 100). */
    /** How many ledger entries the account has (the connection's totalCount). */
    countTransactions: (accountId: string) => repo.transactionCount(accountId),
    async transactionsPage(accountId: string, args: PageArgs<number>) {
      const request = pageRequest(args, TRANSACTION_PAGE);
      return pageOf(await repo.transactionsPage(accountId, request), request);
    },
  };
}

export type CreditsService = ReturnType<typeof creditsService>;
export type CreditSummary = Awaited<ReturnType<CreditsService['getCreditSummary']>>;

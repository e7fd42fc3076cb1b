// The credits module's public surface: balance, ledger, purchases, feature costs, payment port.
export { creditsService, type CreditsService, type CreditSummary } from './service.ts';
export { FEATURE_COSTS, featureCost, type FeatureName } from './feature-costs.ts';
export { type PaymentPort } from './payments.ts';
export type { LedgerRow, BalanceRow, DebitOutcome, AutoTopupRow } from './repo.ts';

import type { BalanceRow } from './repo.ts';
import type { TransactionKind } from '../shared/enums.ts';

/** An account's balance and auto top-up settings. */
export type CreditBalance = BalanceRow & { accountId: string };

/** One row of the credit ledger. */
export interface CreditTransaction {
  id: number;
  kind: TransactionKind;
  feature: string;
  amount: number;
  balanceAfter: number;
  createdAt: Date;
  meta: unknown;
}

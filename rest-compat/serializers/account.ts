// GET /api/v1/me and GET /api/v1/credits, field by field in the contract's order.
import type { Principal } from '../../src/domain/auth/index.ts';
import type { CreditSummary } from '../../src/domain/credits/index.ts';
import { API_VERSION, nullableTimestamp, timestamp } from './common.ts';

const SCOPE_ORDER = ['read', 'write'] as const;

export function serializeMe(principal: Principal, account: { id: string; plan: string; currency: string; timezone: string; createdAt: Date }) {
  return {
    user_id: account.id,
    scopes: SCOPE_ORDER.filter((s) => principal.scopes.has(s)),
    profile: { plan: account.plan, currency: account.currency, timezone: account.timezone, created_at: timestamp(account.createdAt) },
    api_version: API_VERSION,
  };
}

export function serializeCredits(c: CreditSummary) {
  return {
    user_id: c.accountId,
    balance: c.balance,
    total_purchased: c.totalPurchased,
    total_spent: c.totalSpent,
    updated_at: timestamp(c.updatedAt),
    auto_topup: {
      enabled: c.autoTopupEnabled,
      threshold: c.autoTopupThreshold,
      top_up_amount: c.autoTopupAmount,
      last_charged_at: nullableTimestamp(c.autoTopupLastChargedAt),
    },
    recent_transactions: c.recent.map((t) => ({
      kind: t.kind,
      feature: t.feature,
      amount: t.amount,
      balance_after: t.balanceAfter,
      created_at: timestamp(t.createdAt),
      meta: t.meta && typeof t.meta === 'object' && !Array.isArray(t.meta) ? t.meta : {},
    })),
    api_version: API_VERSION,
  };
}

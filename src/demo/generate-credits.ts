// The demo's AI credit ledger (purchases, auto top-ups, feature debits with their AI usage rows),
// generated in memory by pure functions (no database access).
import type { Prisma } from '../db/client.ts';
import type { TransactionKind } from '../domain/shared/enums.ts';
import { CAMPAIGNS, DEMO_ACCOUNT_ID } from './catalog.ts';
import { at, DAY_MS, HOUR_MS, MINUTE_MS, type Timeline } from './generate-time.ts';
import { Rng } from './rng.ts';

// ---------------------------------------------------------------------------------------------
// AI credits: an append-only ledger, its balance, and the AI calls that consumed credits

const AUTO_TOPUP = { enabled: true, threshold: 100, amount: 500 };

const AI_FEATURES: ReadonlyArray<{
  feature: string;
  credits: number;
  weight: number;
  tokensIn: readonly [number, number];
  tokensOut: readonly [number, number];
}> = [
  { feature: 'ai_insight', credits: 5, weight: 40, tokensIn: [800, 1_800], tokensOut: [200, 500] },
  { feature: 'daily_brief', credits: 10, weight: 30, tokensIn: [1_500, 3_000], tokensOut: [300, 700] },
  { feature: 'forecast', credits: 20, weight: 20, tokensIn: [2_000, 4_000], tokensOut: [400, 900] },
  { feature: 'creative_analysis', credits: 50, weight: 10, tokensIn: [4_000, 8_000], tokensOut: [800, 1_500] },
];

export interface LedgerEntry {
  kind: TransactionKind;
  feature: string;
  amount: number;
  balanceAfter: number;
  meta: Prisma.InputJsonObject;
  at: number;
  /** For a refund: the consume it gives back. */
  refundOf?: LedgerEntry;
}

export interface CreditPlan {
  entries: LedgerEntry[];
  usage: Prisma.AiUsageCreateManyInput[];
  balance: Prisma.CreditBalanceCreateManyInput;
}

function consumeEntries(rng: Rng, timeline: Timeline): LedgerEntry[] {
  const count = rng.int(20, 30);
  const entries: LedgerEntry[] = [];
  for (let i = 0; i < count; i++) {
    const f = rng.weighted(
      AI_FEATURES,
      AI_FEATURES.map((x) => x.weight),
    );
    // Within the last 150 days, at whole seconds.
    const t = timeline.latest - Math.floor(rng.float(0, 150 * DAY_MS) / 1_000) * 1_000;
    const meta: Prisma.InputJsonObject =
      f.feature === 'creative_analysis' ? { campaign_id: rng.pick(CAMPAIGNS.filter((c) => c.platform === 'meta_ads')).campaignId } : {};
    entries.push({ kind: 'consume', feature: f.feature, amount: -f.credits, balanceAfter: 0, meta, at: t });
  }
  return entries.sort((a, b) => a.at - b.at);
}

/** Orders the entries by time (unique instants), adds automatic top-ups, and computes running balances. */
function settleLedger(entries: LedgerEntry[]): LedgerEntry[] {
  entries.sort((a, b) => a.at - b.at);
  for (let i = 1; i < entries.length; i++) {
    const prev = at(entries, i - 1);
    const cur = at(entries, i);
    if (cur.at <= prev.at) cur.at = prev.at + 1_000;
  }
  const settled: LedgerEntry[] = [];
  let balance = 0;
  for (const entry of entries) {
    balance += entry.amount;
    entry.balanceAfter = balance;
    settled.push(entry);
    if (entry.kind === 'consume' && AUTO_TOPUP.enabled && balance < AUTO_TOPUP.threshold) {
      balance += AUTO_TOPUP.amount;
      settled.push({ kind: 'auto_topup', feature: '', amount: AUTO_TOPUP.amount, balanceAfter: balance, meta: { trigger: 'threshold' }, at: entry.at + 500 });
    }
  }
  return settled;
}

function aiUsageFor(rng: Rng, entry: LedgerEntry): Prisma.AiUsageCreateManyInput {
  const f = AI_FEATURES.find((x) => x.feature === entry.feature) ?? at(AI_FEATURES, 0);
  const tokensIn = rng.int(f.tokensIn[0], f.tokensIn[1]);
  const tokensOut = rng.int(f.tokensOut[0], f.tokensOut[1]);
  return {
    accountId: DEMO_ACCOUNT_ID,
    feature: entry.feature,
    model: 'local-deterministic',
    tokensIn,
    tokensOut,
    costUsd: (tokensIn * 0.000_000_5 + tokensOut * 0.000_001_5).toFixed(6),
    credits: -entry.amount,
    createdAt: new Date(entry.at),
  };
}

export function buildCredits(rng: Rng, timeline: Timeline): CreditPlan {
  const consumes = consumeEntries(rng, timeline);
  // One failed creative analysis gets its credits back; make sure there is one to refund.
  const refunded = consumes.find((e) => e.feature === 'creative_analysis') ?? at(consumes, Math.floor(consumes.length / 2));
  const purchaseAt = timeline.asOf - 96 * DAY_MS + rng.int(10, 18) * HOUR_MS;
  const entries = settleLedger([
    { kind: 'grant', feature: '', amount: 1_000, balanceAfter: 0, meta: { reason: 'welcome_grant' }, at: timeline.accountStart + 10 * MINUTE_MS },
    { kind: 'purchase', feature: '', amount: 500, balanceAfter: 0, meta: { checkout_session: `cs_demo_${rng.token(24)}` }, at: purchaseAt },
    ...consumes,
    { kind: 'refund', feature: refunded.feature, amount: -refunded.amount, balanceAfter: 0, meta: {}, at: refunded.at + 4 * MINUTE_MS, refundOf: refunded },
  ]);
  const last = at(entries, entries.length - 1);
  const sum = (kinds: TransactionKind[]) => entries.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.amount, 0);
  const topups = entries.filter((e) => e.kind === 'auto_topup');
  return {
    entries,
    usage: entries.filter((e) => e.kind === 'consume').map((e) => aiUsageFor(rng, e)),
    balance: {
      accountId: DEMO_ACCOUNT_ID,
      balance: last.balanceAfter,
      totalPurchased: sum(['grant', 'purchase', 'auto_topup']),
      totalSpent: -sum(['consume', 'refund']),
      autoTopupEnabled: AUTO_TOPUP.enabled,
      autoTopupThreshold: AUTO_TOPUP.threshold,
      autoTopupAmount: AUTO_TOPUP.amount,
      autoTopupLastChargedAt: topups.length ? new Date(at(topups, topups.length - 1).at) : null,
      updatedAt: new Date(last.at),
    },
  };
}

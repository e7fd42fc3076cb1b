// AI insights (job ai-insights-generate): reads the account's facts through the domain services,
// turns them into findings, and for each finding without an open insight debits 5 credits
// (ai_insight), asks the provider, and stores the insight with its usage record. The finding is
// claimed before its debit (insight_claims), so concurrent runs debit it at most once. A generation
// that fails after the debit is refunded at once (refunded: true and the balance in the report).
// Paused AI access or a short balance stops the run with payment_required; nothing is debited.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../db/client.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { AiProvider, Finding } from '../../ai/provider.ts';
import type { CreditsService } from '../credits/service.ts';
import type { AiAccessService } from '../ai-access/service.ts';
import type { AnomaliesService } from '../anomalies/service.ts';
import type { ProfitService } from '../profit/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import { aiInsightsRepo } from './repo.ts';
import { findingsFrom, MAX_STOCKOUT_FINDINGS } from './findings.ts';
import { localDate } from '../shared/index.ts';

export const INSIGHT_FEATURE = 'ai_insight' as const;
/** At most this many insights (and debits) per account and run. */
export const MAX_INSIGHTS_PER_RUN = 10;
const ANOMALY_DAYS = 7;
/** The job's debits carry meta.job_id `<JOB_PREFIX><time>#<random>`, one per run. */
export const JOB_PREFIX = 'ai-insights-generate:';
/** A debit this old without its insight or refund was interrupted (runs take far less). */
export const ORPHAN_AFTER_MS = 15 * 60_000;
const PROFIT_DAYS = 14;

export interface GenerationReport {
  findings: number;
  generated: Array<{ insightId: number; key: string; transactionId: number }>;
  /** Findings that already have an open insight, or that another run is generating (no debit). */
  skippedOpen: number;
  /** Generations that failed after the debit, each refunded. */
  failed: Array<{ key: string; error: string; transactionId: number; refunded: true; balance: number }>;
  /** Earlier debits left without insight or refund (an interrupted run), refunded now. */
  recovered: Array<{ transactionId: number; refunded: true; balance: number }>;
  /** payment_required when AI access is paused or the balance ran short (the rest was not tried). */
  stopped: 'payment_required' | null;
  stopReason: string | null;
}

/** What a caller-started run answers (see generateOnRequest). */
export interface OnRequestOutcome {
  insightIds: number[];
  skippedOpen: number;
  /** Every refund of this call's debits: refunded true with the balance right after it. */
  failed: Array<{ transactionId: number; refunded: true; error: string; balance: number }>;
  refunded: boolean;
  balance: number;
}

export interface AiInsightsDeps {
  aiAccess: Pick<AiAccessService, 'get'>;
  credits: CreditsService;
  anomalies: AnomaliesService;
  profit: ProfitService;
  inventory: InventoryService;
  provider: AiProvider;
}

export function aiInsightsService(prisma: PrismaClient, deps: AiInsightsDeps) {
  const repo = aiInsightsRepo(prisma);

  async function collectFindings(accountId: string, now: Date): Promise<Finding[]> {
    const [anomalies, profit, churn, stock, timeZone] = await Promise.all([
      deps.anomalies.listAnomalies(accountId, { days: ANOMALY_DAYS }, now),
      // Two days more than the 14 used: today and a day whose snapshot is still partial drop out.
      deps.profit.listProfit(accountId, { days: PROFIT_DAYS + 2 }, now),
      repo.churnRisk(accountId),
      deps.inventory.listInventory(accountId, { status: 'critical', limit: MAX_STOCKOUT_FINDINGS }, now),
      repo.timeZone(accountId),
    ]);
    // Insights speak only of closed local days: not of today, nor of a snapshot computed while its
    // day was open (complete false), nor of an anomaly about such a day.
    const today = localDate(now, timeZone);
    const closed = (day: Date) => day.toISOString().slice(0, 10) < today;
    return findingsFrom({
      anomalies: anomalies.items.filter((a) => closed(a.metricDate)),
      profit: profit.items.filter((p) => p.complete && closed(p.snapshotDate)),
      churn,
      stockouts: stock.items,
    });
  }

  /**
   * One generation run asked for by a caller (GraphQL generateInsights, POST
   * /api/v1/insights/generate). A run that could not debit anything (AI access paused, or a
   * balance short of one insight) is 402 payment_required with nothing written; otherwise the
   * outcome, with `refunded` true when any debit of the run was given back, and the balance after.
   */
  async function generateOnRequest(accountId: string, now = new Date()): Promise<OnRequestOutcome> {
    // Paused: 402 even when there is nothing to generate, so the answer does not depend on the data.
    if ((await deps.aiAccess.get(accountId)).state === 'paused') throw new AppError('payment_required', 'AI access is paused for this account');
    const report = await generate(accountId, { now });
    if (report.stopped === 'payment_required' && report.generated.length === 0 && report.failed.length === 0) {
      throw new AppError('payment_required', report.stopReason ?? 'AI access is paused or the balance is too low');
    }
    return {
      insightIds: report.generated.map((g) => g.insightId),
      skippedOpen: report.skippedOpen,
      failed: report.failed.map((f) => ({ transactionId: f.transactionId, refunded: true as const, error: f.error, balance: f.balance })),
      refunded: report.failed.length > 0 || report.recovered.length > 0,
      balance: await deps.credits.currentBalance(accountId),
    };
  }

  return {
    collectFindings,
    generateOnRequest,
    generate,
  };

  async function generate(accountId: string, options: { now?: Date; signal?: AbortSignal } = {}): Promise<GenerationReport> {
    const now = options.now ?? new Date();
    const recovered: GenerationReport['recovered'] = [];
    for (const id of await repo.unmatchedDebits(accountId, JOB_PREFIX, new Date(Date.now() - ORPHAN_AFTER_MS))) {
      const refund = await deps.credits.refund(accountId, id);
      // A concurrent run may have recovered it first: reported once, by the run that refunded.
      if (!refund.alreadyRefunded) recovered.push({ transactionId: id, refunded: true, balance: refund.balance });
    }
    const findings = await collectFindings(accountId, now);
    const open = await repo.openKeys(accountId);
    const report: GenerationReport = { findings: findings.length, generated: [], skippedOpen: 0, failed: [], recovered, stopped: null, stopReason: null };
    // One id per run (time and a random part: concurrent runs may start in the same millisecond).
    const jobId = `${JOB_PREFIX}${new Date().toISOString()}#${randomUUID().slice(0, 8)}`;
    let debits = 0;
    for (const finding of findings) {
      if (open.has(finding.key)) {
        report.skippedOpen++;
        continue;
      }
      if (debits >= MAX_INSIGHTS_PER_RUN || options.signal?.aborted) break;
      // Claimed before the debit: a finding another run is generating, or has stored since this
      // run read the open keys, costs nothing and does not count toward the cap.
      if (!(await repo.claim(accountId, finding.key, jobId, new Date(), new Date(Date.now() - ORPHAN_AFTER_MS)))) {
        report.skippedOpen++;
        continue;
      }
      let debit;
      try {
        debit = await deps.credits.debit(accountId, INSIGHT_FEATURE, { meta: { finding: finding.key, job_id: jobId } });
      } catch (error) {
        await repo.release(accountId, finding.key, jobId);
        if (isAppError(error) && error.code === 'payment_required') {
          report.stopped = 'payment_required';
          report.stopReason = error.message;
          break;
        }
        throw error;
      }
      debits++;
      await generateOne(accountId, finding, debit, jobId, report, options.signal);
      open.add(finding.key);
    }
    return report;
  }

  /** Asks the provider and stores the insight (releasing the claim); refunds the debit on failure. */
  async function generateOne(
    accountId: string,
    finding: Finding,
    debit: { transactionId: number; amount: number },
    runId: string,
    report: GenerationReport,
    signal?: AbortSignal,
  ): Promise<void> {
    let insightId: number | null = null;
    let failure: string;
    try {
      const result = await deps.provider.generateInsight(finding, signal);
      insightId = await repo.storeInsight(accountId, finding, result, { feature: INSIGHT_FEATURE, credits: debit.amount, runId }, new Date());
      if (insightId !== null) {
        report.generated.push({ insightId, key: finding.key, transactionId: debit.transactionId });
        return;
      }
      failure = 'an open insight of this finding exists';
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const refund = await deps.credits.refund(accountId, debit.transactionId);
    await repo.release(accountId, finding.key, runId);
    report.failed.push({ key: finding.key, error: failure, transactionId: debit.transactionId, refunded: true, balance: refund.balance });
  }
}

export type AiInsightsService = ReturnType<typeof aiInsightsService>;

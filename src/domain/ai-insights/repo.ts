// The only Prisma access of insight generation: the open findings, the churn-risk summary, the
// claims that let concurrent runs debit a finding at most once, and storing an insight with the
// usage record of the call that wrote it.
import type { PrismaClient } from '../../db/client.ts';
import { col, parseRows, z } from '../shared/rows.ts';
import type { Finding, GenerationResult } from '../../ai/provider.ts';
import { usageRowData } from '../usage/repo.ts';
import { appendEvents, domainEvent } from '../events/index.ts';

/** Short transactions that may queue behind many concurrent runs (Prisma's default wait is 2 s). */
const TX_OPTIONS = { maxWait: 60_000, timeout: 30_000 } as const;

const idRow = z.object({ id: col.int });
const runIdRow = z.object({ run_id: col.text });

export function aiInsightsRepo(prisma: PrismaClient) {
  return {
    /**
     * Debits of this job made before `before` that were neither refunded nor followed by their
     * insight: a debit is matched by an insight of its finding key computed after it with no later
     * debit for that key in between (generation is sequential per account and key). What is left
     * was interrupted between debit and refund (a crash, the database gone at the wrong moment).
     */
    async unmatchedDebits(accountId: string, jobPrefix: string, before: Date): Promise<number[]> {
      const rows = parseRows(
        idRow,
        await prisma.$queryRaw`
        SELECT c.id FROM credit_transactions c
        WHERE c.account_id = ${accountId} AND c.kind = 'consume' AND c.created_at < ${before}::timestamptz
          AND starts_with(c.meta->>'job_id', ${jobPrefix}) AND c.meta ? 'finding'
          AND NOT EXISTS (SELECT 1 FROM credit_transactions r WHERE r.refund_of_id = c.id)
          AND NOT EXISTS (
            SELECT 1 FROM insights i
            WHERE i.account_id = c.account_id AND i.fingerprint = c.meta->>'finding' AND i.computed_at >= c.created_at
              AND NOT EXISTS (
                SELECT 1 FROM credit_transactions later
                WHERE later.account_id = c.account_id AND later.kind = 'consume' AND later.meta->>'finding' = c.meta->>'finding'
                  AND later.id > c.id AND later.created_at <= i.computed_at))
        ORDER BY c.id`,
      );
      return rows.map((r) => r.id);
    },
    /** The account's IANA time zone (UTC for an account that does not exist). */
    async timeZone(accountId: string): Promise<string> {
      return (await prisma.account.findUnique({ where: { id: accountId }, select: { timezone: true } }))?.timezone ?? 'UTC';
    },
    /** Finding keys (fingerprints) of the account's open insights. */
    async openKeys(accountId: string): Promise<Set<string>> {
      const rows = await prisma.insight.findMany({ where: { accountId, status: 'open' }, select: { fingerprint: true } });
      return new Set(rows.map((r) => r.fingerprint));
    },
    /**
     * Claims a finding for run `runId` before anything is debited for it: true when this run now
     * holds the claim and the finding has no open insight. False, with nothing held, when another
     * run holds a claim younger than `staleBefore` (it is generating the finding) or an open
     * insight has the key (another run stored it). The claim's insert comes first, so a run that
     * finds it free also sees an insight stored (and its claim released) by the previous holder.
     */
    claim(accountId: string, key: string, runId: string, at: Date, staleBefore: Date): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const taken = parseRows(
          runIdRow,
          await tx.$queryRaw`
          INSERT INTO insight_claims (account_id, fingerprint, run_id, claimed_at)
          VALUES (${accountId}, ${key}, ${runId}, ${at}::timestamptz)
          ON CONFLICT (account_id, fingerprint) DO UPDATE SET run_id = EXCLUDED.run_id, claimed_at = EXCLUDED.claimed_at
            WHERE insight_claims.claimed_at < ${staleBefore}::timestamptz
          RETURNING run_id`,
        );
        if (taken.length === 0) return false;
        const open = await tx.insight.findFirst({ where: { accountId, status: 'open', fingerprint: key }, select: { id: true } });
        if (!open) return true;
        await tx.insightClaim.delete({ where: { accountId_fingerprint: { accountId, fingerprint: key } } });
        return false;
      }, TX_OPTIONS);
    },
    /** Gives up this run's claim (after a refund or a refused debit). */
    async release(accountId: string, key: string, runId: string): Promise<void> {
      await prisma.insightClaim.deleteMany({ where: { accountId, fingerprint: key, runId } });
    },
    /** Customers in the at_risk segment: how many, their mean churn score and their revenue. */
    async churnRisk(accountId: string): Promise<{ count: number; avgChurnScore: number; revenue: number }> {
      const agg = await prisma.customer.aggregate({
        where: { accountId, segment: 'at_risk' },
        _count: { _all: true },
        _avg: { churnScore: true },
        _sum: { revenueTotal: true },
      });
      return { count: agg._count._all, avgChurnScore: Number(agg._avg.churnScore ?? 0), revenue: Number(agg._sum.revenueTotal ?? 0) };
    },
    /**
     * Stores the insight and its usage record and releases the run's claim, in one transaction,
     * unless an open insight already has the finding's key (then nothing is written and null
     * returned; cannot happen while the claim is held, kept as a guard).
     */
    storeInsight(
      accountId: string,
      finding: Finding,
      result: GenerationResult,
      usage: { feature: string; credits: number; runId: string },
      at: Date,
    ): Promise<number | null> {
      return prisma.$transaction(async (tx) => {
        await tx.insightClaim.deleteMany({ where: { accountId, fingerprint: finding.key, runId: usage.runId } });
        const open = await tx.insight.findFirst({ where: { accountId, status: 'open', fingerprint: finding.key }, select: { id: true } });
        if (open) return null;
        const { draft } = result;
        const insight = await tx.insight.create({
          data: {
            accountId,
            severity: draft.severity,
            category: finding.category,
            title: draft.title,
            body: draft.body,
            suggestedAction: draft.suggested_action,
            impactEstimate: draft.impact_estimate,
            fingerprint: finding.key,
            relatedAnomalyId: finding.relatedAnomalyId ?? null,
            computedAt: at,
          },
          select: { id: true },
        });
        await tx.aiUsage.create({
          data: usageRowData(accountId, {
            feature: usage.feature,
            model: result.model,
            tokensIn: result.tokensIn,
            tokensOut: result.tokensOut,
            costUsd: result.costUsd,
            credits: usage.credits,
            at,
          }),
        });
        await appendEvents(
          tx,
          accountId,
          [domainEvent('insight.created', { insight_id: insight.id, severity: draft.severity, category: finding.category, title: draft.title })],
          at,
        );
        return insight.id;
      }, TX_OPTIONS);
    },
  };
}

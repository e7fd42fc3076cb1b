// ai-insights-generate: findings from the account's facts, 5 credits per insight, an insight per
// finding (never a second open one), and a refund exactly once for every generation that fails
// after its debit, even when the refund path runs again concurrently. Paused AI debits nothing.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { makeAccount, makeCustomer } from '../factories/index.ts';
import { makeAnomaly, makeInsight, makeInventoryItem } from '../factories/analytics.ts';
import { eventCounts, ledgerRows, servicesOn } from '../factories/credits.ts';
import type { Database } from '../../src/db/database.ts';
import type { Services } from '../../src/services.ts';
import type { AiProvider } from '../../src/ai/provider.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import { updateCustomer, updateInsight, updateInsightsOfCategory } from '../factories/rows.ts';

const failing: AiProvider = {
  name: 'failing',
  async generateInsight() {
    throw new Error('provider unavailable');
  },
};

describeEachDatabase('ai-insights-generate', (target) => {
  let database: TestDatabase;
  let db: Database;
  let services: Services;
  let failingServices: Services;
  let failingDb: Database;
  beforeAll(async () => {
    database = await target.create();
    ({ db, services } = await servicesOn(database));
    ({ db: failingDb, services: failingServices } = await servicesOn(database, { aiProvider: failing }));
  });
  afterAll(async () => {
    await db?.close();
    await failingDb?.close();
    await database?.close();
  });

  /** An account with 2 anomalies, 3 at-risk customers and 2 critical stock items: 5 findings. */
  const accountWithFindings = async (credits: number) => {
    const { id } = await makeAccount(db.prisma);
    await makeAnomaly(db.prisma, id, { metric: 'roas', severity: 'high' });
    await makeAnomaly(db.prisma, id, { metric: 'revenue', severity: 'medium', direction: 'down', observedValue: 800, expectedValue: 1200 });
    await makeAnomaly(db.prisma, id, { metric: 'orders', severity: 'low' }); // below medium: no finding
    for (let i = 0; i < 3; i++) {
      const c = await makeCustomer(db.prisma, id);
      await updateCustomer(db.prisma, c.id, { segment: 'at_risk', churnScore: 0.7, revenueTotal: 100 });
    }
    await makeInventoryItem(db.prisma, id, { status: 'critical', currentStock: 0, daysOfStock: 0 });
    await makeInventoryItem(db.prisma, id, { status: 'critical', currentStock: 3, daysOfStock: 1.5 });
    await makeInventoryItem(db.prisma, id, { status: 'ok' });
    if (credits) await services.credits.purchase(id, credits);
    return id;
  };

  test('the local provider writes one insight per finding, 5 credits each, with usage; a second run adds nothing', async () => {
    const accountId = await accountWithFindings(100);
    const report = await services.aiInsights.generate(accountId);
    expect(report.findings).toBe(5);
    expect(report.generated).toHaveLength(5);
    expect(report.failed).toEqual([]);
    expect(await services.credits.currentBalance(accountId)).toBe(75);
    const insights = await db.prisma.insight.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
    expect(insights.map((i) => [i.category, i.severity, i.fingerprint.split(':')[0]])).toEqual([
      ['anomaly', 'medium', 'anomaly'], // newest anomaly first
      ['ads', 'high', 'anomaly'],
      ['churn_risk', 'low', 'churn_risk'],
      ['inventory', 'critical', 'stockout'],
      ['inventory', 'high', 'stockout'],
    ]);
    for (const i of insights) {
      expect(i.status).toBe('open');
      expect(i.title.length).toBeGreaterThan(0);
      expect(i.suggestedAction.length).toBeGreaterThan(0);
    }
    expect(insights[2]!.title).toBe('3 customers are at risk of churning');
    const usage = await db.prisma.aiUsage.findMany({ where: { accountId } });
    expect(usage).toHaveLength(5);
    for (const u of usage) expect(u).toMatchObject({ feature: 'ai_insight', model: 'local-deterministic', credits: 5 });
    const consumes = (await ledgerRows(db, accountId)).filter((r) => r.kind === 'consume');
    expect(consumes.map((r) => (r.meta as { finding: string }).finding)).toEqual(insights.map((i) => i.fingerprint));

    const again = await services.aiInsights.generate(accountId);
    expect(again).toMatchObject({ findings: 5, generated: [], skippedOpen: 5, failed: [] });
    expect(await db.prisma.insight.count({ where: { accountId } })).toBe(5);
    expect(await services.credits.currentBalance(accountId)).toBe(75);

    // A resolved insight no longer blocks its finding: the next run writes a new one.
    await updateInsight(db.prisma, insights[2]!.id, { status: 'resolved', resolvedAt: new Date() });
    const third = await services.aiInsights.generate(accountId);
    expect(third.generated.map((g) => g.key)).toEqual(['churn_risk:at_risk']);
    expect(await services.credits.currentBalance(accountId)).toBe(70);
  });

  test('a failing provider: every debit is refunded exactly once, also when the refund path runs twice concurrently', async () => {
    const accountId = await accountWithFindings(100);
    const report = await failingServices.aiInsights.generate(accountId);
    expect(report.generated).toEqual([]);
    expect(report.failed).toHaveLength(5);
    for (const f of report.failed) expect(f).toMatchObject({ refunded: true, balance: 100, error: 'provider unavailable' });
    // Run the refund path again, twice at once, for every debit: nothing more happens.
    const again = await Promise.all(
      report.failed.flatMap((f) => [failingServices.credits.refund(accountId, f.transactionId), failingServices.credits.refund(accountId, f.transactionId)]),
    );
    expect(again.every((r) => r.alreadyRefunded && r.balance === 100)).toBe(true);
    const rows = await ledgerRows(db, accountId);
    const consumes = rows.filter((r) => r.kind === 'consume');
    const refunds = rows.filter((r) => r.kind === 'refund');
    expect(consumes).toHaveLength(5);
    expect(refunds.map((r) => r.refundOfId).sort()).toEqual(consumes.map((r) => r.id).sort());
    for (const r of refunds) expect(r.amount).toBe(5);
    expect(await services.credits.currentBalance(accountId)).toBe(100);
    expect(await services.credits.ledgerSum(accountId)).toBe(100);
    const counts = await eventCounts(db, accountId);
    expect(counts['credit.consumed']).toBe(5);
    expect(counts['credit.refunded']).toBe(5);
    expect(await db.prisma.insight.count({ where: { accountId } })).toBe(0);
    expect(await db.prisma.aiUsage.count({ where: { accountId } })).toBe(0);
  });

  test('through the job runner the failed run is recorded, retried, and every attempt refunded once', async () => {
    const accountId = await accountWithFindings(100);
    const runner = jobRunner({ prisma: failingDb.prisma, services: failingServices, jobs: ALL_JOBS, retryDelayMs: () => 0 });
    const [result] = await runner.run('ai-insights-generate', accountId);
    expect(result).toMatchObject({ status: 'failed', attempts: 3 });
    expect(result!.error).toMatch(/^5 insight\(s\) failed and were refunded \(balance 100\)/);
    const rows = await ledgerRows(db, accountId);
    const consumes = rows.filter((r) => r.kind === 'consume');
    expect(consumes).toHaveLength(15);
    const refunded = rows.filter((r) => r.kind === 'refund').map((r) => r.refundOfId);
    expect(new Set(refunded).size).toBe(15);
    expect(refunded.sort()).toEqual(consumes.map((r) => r.id).sort());
    expect(await services.credits.currentBalance(accountId)).toBe(100);
  });

  test('a debit an interrupted run left without insight or refund is refunded by the next run, once', async () => {
    const accountId = await accountWithFindings(100);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const job = (finding: string) => ({ finding, job_id: 'ai-insights-generate:2026-11-01T00:00:00.000Z' });
    const orphan = await services.credits.debit(accountId, 'ai_insight', { meta: job('stockout:GONE'), at: ago(20) });
    const matched = await services.credits.debit(accountId, 'ai_insight', { meta: job('churn_risk:at_risk'), at: ago(30) });
    await makeInsight(db.prisma, accountId, { category: 'churn_risk', computedAt: ago(29) });
    await updateInsightsOfCategory(db.prisma, accountId, 'churn_risk', { fingerprint: 'churn_risk:at_risk' });
    const recent = await services.credits.debit(accountId, 'ai_insight', { meta: job('stockout:INFLIGHT'), at: ago(1) });
    const otherDoor = await services.credits.debit(accountId, 'ai_insight', { meta: { finding: 'x', job_id: 'graphql:1' }, at: ago(60) });
    const first = await services.aiInsights.generate(accountId);
    expect(first.recovered).toEqual([{ transactionId: orphan.transactionId, refunded: true, balance: 85 }]);
    expect(first.generated).toHaveLength(4); // the churn finding has its open insight
    const second = await services.aiInsights.generate(accountId);
    expect(second.recovered).toEqual([]);
    const refunded = (await ledgerRows(db, accountId)).filter((r) => r.kind === 'refund').map((r) => r.refundOfId);
    expect(refunded).toEqual([orphan.transactionId]);
    for (const id of [matched.transactionId, recent.transactionId, otherDoor.transactionId]) expect(refunded).not.toContain(id);
    expect(await services.credits.ledgerSum(accountId)).toBe(await services.credits.currentBalance(accountId));
  });

  test('a balance that runs short stops the run with payment_required after the insights it covers', async () => {
    const accountId = await accountWithFindings(12);
    const report = await services.aiInsights.generate(accountId);
    expect(report.generated).toHaveLength(2);
    expect(report.stopped).toBe('payment_required');
    expect(await services.credits.currentBalance(accountId)).toBe(2);
  });

  test('paused AI: the job debits nothing, writes no ledger row and no insight', async () => {
    const accountId = await accountWithFindings(100);
    await services.aiAccess.pause(accountId, { by: 'admin_7' });
    const before = await ledgerRows(db, accountId);
    const runner = jobRunner({ prisma: db.prisma, services, jobs: ALL_JOBS, retryDelayMs: () => 0 });
    const [result] = await runner.run('ai-insights-generate', accountId);
    expect(result).toMatchObject({ status: 'succeeded', rowsWritten: 0 });
    const report = await services.aiInsights.generate(accountId);
    expect(report).toMatchObject({ stopped: 'payment_required', stopReason: 'AI access is paused for this account', generated: [] });
    expect(await ledgerRows(db, accountId)).toEqual(before);
    expect(await db.prisma.insight.count({ where: { accountId } })).toBe(0);
  });
});

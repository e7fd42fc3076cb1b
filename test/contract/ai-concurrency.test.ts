// Concurrent POST /api/v1/insights/generate calls (issue 14, item 14): each finding is claimed
// before its debit, so N calls at once debit every finding at most once, no call debits more than
// its cap of 10, "another call stored this insight" costs nothing, and the ledger's debits equal
// the insights created. Refunds happen only for real failures, each reported with refunded: true
// and the balance. The outbox carries exactly one credit.consumed per debit and one
// credit.refunded per refund.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { makeAnomaly, makeInventoryItem } from '../factories/analytics.ts';
import { eventCounts, ledgerRows } from '../factories/credits.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { buildServices } from '../../src/services.ts';
import type { AiProvider } from '../../src/ai/provider.ts';

const CALLS = 7;
const CAP = 10;
const FINDINGS = 27; // 25 anomalies of medium severity and above, 2 critical stock items

const failing: AiProvider = {
  name: 'failing',
  async generateInsight() {
    throw new Error('provider unavailable');
  },
};

interface Answer {
  data: Array<{ id: number }>;
  skipped_open: number;
  failed: Array<{ transaction_id: number; refunded: boolean; error: string; balance: number }>;
  refunded: boolean;
  balance: number;
}

describeEachDatabase('concurrent insight generation', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let failingApp: TestApp;
  beforeAll(async () => {
    database = await target.create();
    const env = { RATE_LIMIT_PER_MINUTE: '1000' };
    app = await startTestApp(database, env);
    failingApp = await startTestApp(database, env, undefined, (db) => ({ aiInsights: buildServices(testConfig(env), db, { aiProvider: failing }).aiInsights }));
  });
  afterAll(async () => {
    await failingApp?.close();
    await app?.close();
    await database?.close();
  });

  const account = async (credits: number) => {
    const { id } = await makeAccount(app.db.prisma);
    for (let i = 0; i < 25; i++) await makeAnomaly(app.db.prisma, id, { severity: i % 2 ? 'medium' : 'high' });
    await makeInventoryItem(app.db.prisma, id, { status: 'critical', currentStock: 0, daysOfStock: 0 });
    await makeInventoryItem(app.db.prisma, id, { status: 'critical', currentStock: 2, daysOfStock: 1 });
    await app.services.credits.purchase(id, credits);
    const key = (await keysService(app.db.prisma).createKey({ accountId: id, scopes: ['read', 'write'] })).key;
    return { id, key };
  };
  const callsAtOnce = async (base: string, key: string): Promise<Answer[]> =>
    Promise.all(
      Array.from({ length: CALLS }, async () => {
        const res = await fetch(`${base}/api/v1/insights/generate`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
        const body = (await readJson(res)) as Answer;
        expect(res.status).toBe(200);
        return body;
      }),
    );
  const debitsPerCall = (rows: Awaited<ReturnType<typeof ledgerRows>>) => {
    const perJob = new Map<string, number>();
    for (const r of rows.filter((x) => x.kind === 'consume')) {
      const job = (r.meta as { job_id: string }).job_id;
      perJob.set(job, (perJob.get(job) ?? 0) + 1);
    }
    return [...perJob.values()];
  };

  test(`${CALLS} calls at once: one debit per insight created, none refunded, at most ${CAP} debits a call`, async () => {
    const { id, key } = await account(1000);
    const answers = await callsAtOnce(app.url, key);
    const rows = await ledgerRows(app.db, id);
    const consumes = rows.filter((r) => r.kind === 'consume');
    const insights = await app.db.prisma.insight.findMany({ where: { accountId: id }, select: { id: true, fingerprint: true } });
    // Every finding was generated once (7 × 10 debits would cover 70), by exactly one call.
    expect(insights).toHaveLength(FINDINGS);
    expect(new Set(insights.map((i) => i.fingerprint)).size).toBe(FINDINGS);
    expect(consumes).toHaveLength(FINDINGS);
    expect(new Set(consumes.map((c) => (c.meta as { finding: string }).finding)).size).toBe(FINDINGS);
    expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(0);
    for (const n of debitsPerCall(rows)) expect(n).toBeLessThanOrEqual(CAP);
    const returned = answers.flatMap((a) => a.data.map((i) => i.id)).sort((a, b) => a - b);
    expect(returned).toEqual(insights.map((i) => i.id).sort((a, b) => a - b));
    for (const a of answers) {
      expect(a.failed).toEqual([]);
      expect(a.refunded).toBe(false);
      expect(a.data.length).toBeLessThanOrEqual(CAP);
      expect(a.data.length + a.skipped_open).toBeGreaterThanOrEqual(Math.min(FINDINGS, CAP));
    }
    expect(await app.services.credits.currentBalance(id)).toBe(1000 - 5 * FINDINGS);
    expect(await app.services.credits.ledgerSum(id)).toBe(1000 - 5 * FINDINGS);
    expect(await app.db.prisma.insightClaim.count({ where: { accountId: id } })).toBe(0);
    const counts = await eventCounts(app.db, id);
    expect(counts['credit.consumed'] ?? 0).toBe(FINDINGS);
    expect(counts['credit.refunded'] ?? 0).toBe(0);
    // A later call finds every finding open: nothing debited.
    const again = await callsAtOnce(app.url, key);
    for (const a of again) expect(a).toMatchObject({ data: [], skipped_open: FINDINGS, failed: [], refunded: false, balance: 1000 - 5 * FINDINGS });
    expect((await ledgerRows(app.db, id)).filter((r) => r.kind === 'consume')).toHaveLength(FINDINGS);
  });

  test('a failing provider under concurrency: every debit refunded once and listed with refunded: true and its balance', async () => {
    const { id, key } = await account(1000);
    const answers = await callsAtOnce(failingApp.url, key);
    const rows = await ledgerRows(app.db, id);
    const consumes = rows.filter((r) => r.kind === 'consume');
    const refunds = rows.filter((r) => r.kind === 'refund');
    for (const n of debitsPerCall(rows)) expect(n).toBeLessThanOrEqual(CAP);
    expect(refunds.map((r) => r.refundOfId).sort()).toEqual(consumes.map((r) => r.id).sort());
    const listed = answers.flatMap((a) => a.failed);
    expect(listed.map((f) => f.transaction_id).sort()).toEqual(consumes.map((r) => r.id).sort());
    const balanceAfter = new Map(refunds.map((r) => [r.refundOfId, r.balanceAfter]));
    for (const f of listed)
      expect(f).toEqual({ transaction_id: f.transaction_id, refunded: true, error: 'provider unavailable', balance: balanceAfter.get(f.transaction_id) });
    for (const a of answers) expect(a.refunded).toBe(a.failed.length > 0);
    expect(await app.db.prisma.insight.count({ where: { accountId: id } })).toBe(0);
    expect(await app.db.prisma.insightClaim.count({ where: { accountId: id } })).toBe(0);
    expect(await app.services.credits.currentBalance(id)).toBe(1000);
    const counts = await eventCounts(app.db, id);
    expect(counts['credit.consumed']).toBe(consumes.length);
    expect(counts['credit.refunded']).toBe(refunds.length);
  });
});

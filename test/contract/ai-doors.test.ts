// The paid AI operation through both doors: POST /api/v1/insights/generate and GraphQL
// generateInsights debit 5 credits per new insight; while AI access is paused both answer
// payment_required (402 / extensions.code) and write no ledger row; a provider that fails after
// the debit is refunded and the answer says refunded with the balance. Dashboard-session-only
// pauseAi / resumeAi (and their payload twins pauseAiAccess / resumeAiAccess) with their events; usage and aiAccess read through GraphQL.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { makeAccount } from '../factories/index.ts';
import { makeInventoryItem } from '../factories/analytics.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { buildServices } from '../../src/services.ts';
import type { AiProvider } from '../../src/ai/provider.ts';
import { codes, gql, JWT_SECRET, sessionToken } from '../graphql/helpers.ts';

const failing: AiProvider = {
  name: 'failing',
  async generateInsight() {
    throw new Error('provider unavailable');
  },
};

const GENERATE =
  'mutation { generateInsights { insights { id category severity title } skippedOpen failed { transactionId refunded error } refunded balance userErrors { field code message } } }';

describeEachDatabase('AI through both doors', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let failingApp: TestApp;
  let checker: OpenApiChecker;

  beforeAll(async () => {
    database = await target.create();
    const env = { RATE_LIMIT_PER_MINUTE: '1000', JWT_SECRET };
    app = await startTestApp(database, env);
    failingApp = await startTestApp(database, env, undefined, (db) => ({ aiInsights: buildServices(testConfig(env), db, { aiProvider: failing }).aiInsights }));
    checker = await openApiChecker(app.url);
  });
  afterAll(async () => {
    await failingApp?.close();
    await app?.close();
    await database?.close();
  });

  /** An account with two critical stock items (two findings), `credits` bought, and a write+read key. */
  const account = async (credits: number) => {
    const { id } = await makeAccount(app.db.prisma);
    await makeInventoryItem(app.db.prisma, id, { status: 'critical', currentStock: 0, daysOfStock: 0 });
    await makeInventoryItem(app.db.prisma, id, { status: 'critical', currentStock: 2, daysOfStock: 1 });
    if (credits) await app.services.credits.purchase(id, credits);
    const key = (await keysService(app.db.prisma).createKey({ accountId: id, scopes: ['read', 'write'] })).key;
    return { id, key };
  };
  const ledger = (accountId: string) => app.db.prisma.creditTransaction.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
  const post = async (base: string, key: string) => {
    const res = await fetch(`${base}/api/v1/insights/generate`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
    const body = await readJson(res.clone());
    if (base === app.url) checker.check('POST', '/api/v1/insights/generate', res.status, body);
    return { status: res.status, body };
  };

  test('REST: 5 credits per new insight, the insights in the answer, a second call charges nothing', async () => {
    const { id, key } = await account(100);
    const first = await post(app.url, key);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data.map((i: { category: string }) => i.category)).toEqual(['inventory', 'inventory']);
    expect(first.body).toMatchObject({ skipped_open: 0, failed: [], refunded: false, balance: 90, api_version: 'v1' });
    const second = await post(app.url, key);
    expect(second.body).toMatchObject({ data: [], skipped_open: 2, refunded: false, balance: 90 });
    expect((await ledger(id)).filter((r) => r.kind === 'consume')).toHaveLength(2);
  });

  test('GraphQL: the same run with the insights as objects', async () => {
    const { key } = await account(100);
    const answer = await gql(app, key, GENERATE);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.generateInsights.insights).toHaveLength(2);
    expect(answer.body.data.generateInsights).toMatchObject({ skippedOpen: 0, failed: [], refunded: false, balance: 90 });
  });

  test('a read-only key may not generate (403 scope_required:write, GraphQL scope code), nothing debited', async () => {
    const { id } = await account(100);
    const readOnly = (await keysService(app.db.prisma).createKey({ accountId: id, scopes: ['read'] })).key;
    const res = await post(app.url, readOnly);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'scope_required:write' });
    expect(codes(await gql(app, readOnly, GENERATE))).toEqual(['scope_required:write']);
    expect((await ledger(id)).filter((r) => r.kind === 'consume')).toHaveLength(0);
  });

  test('paused AI: 402 payment_required from both doors, no ledger row, no insight', async () => {
    const { id, key } = await account(100);
    const session = await sessionToken(id);
    const paused = await gql(app, session, 'mutation { pauseAi(input: { reason: "budget review" }) { state reason changedBy changedByKind } }');
    expect(paused.body.data.pauseAi).toEqual({ state: 'paused', reason: 'budget review', changedBy: 'dashboard', changedByKind: 'admin' });
    const before = await ledger(id);
    const rest = await post(app.url, key);
    expect(rest.status).toBe(402);
    expect(rest.body).toMatchObject({ error: 'payment_required' });
    const graph = await gql(app, key, GENERATE);
    // A domain refusal: in the payload's userErrors (issue 13), not a top-level error.
    expect(codes(graph)).toEqual([]);
    expect(graph.body.data.generateInsights).toMatchObject({ insights: null, balance: null, userErrors: [{ field: null, code: 'payment_required' }] });
    expect(await ledger(id)).toEqual(before);
    expect(await app.db.prisma.insight.count({ where: { accountId: id } })).toBe(0);
    const resumed = await gql(app, session, 'mutation { resumeAi { state changedByKind } }');
    expect(resumed.body.data.resumeAi).toEqual({ state: 'enabled', changedByKind: 'admin' });
    const events = await app.services.events.listForAccount(id);
    expect(events.filter((e) => e.name.startsWith('ai.')).map((e) => [e.name, (e.data as { by_kind: string }).by_kind])).toEqual([
      ['ai.paused', 'admin'],
      ['ai.resumed', 'admin'],
    ]);
    expect((await post(app.url, key)).status).toBe(200);
  });

  test('a balance short of one insight is 402 with nothing written', async () => {
    const { id, key } = await account(3);
    const res = await post(app.url, key);
    expect(res.status).toBe(402);
    expect(await ledger(id)).toHaveLength(1); // the purchase only
  });

  test('a provider failing after the debit: each debit refunded once, refunded true and the balance', async () => {
    const { id, key } = await account(100);
    const res = await post(failingApp.url, key);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.failed).toHaveLength(2);
    for (const f of res.body.failed) expect(f).toMatchObject({ refunded: true, error: 'provider unavailable' });
    expect(res.body).toMatchObject({ refunded: true, balance: 100 });
    const rows = await ledger(id);
    const consumes = rows.filter((r) => r.kind === 'consume');
    const refunds = rows.filter((r) => r.kind === 'refund');
    expect(consumes).toHaveLength(2);
    expect(refunds.map((r) => r.refundOfId).sort()).toEqual(consumes.map((r) => r.id).sort());
  });

  describe('session-only and reads', () => {
    test('an API key can neither pause nor resume', async () => {
      const { id, key } = await account(0);
      expect(codes(await gql(app, key, 'mutation { pauseAi { state } }'))[0]).toMatch(/session/);
      expect((await app.services.aiAccess.get(id)).state).toBe('enabled');
    });
    test('pausing twice is a conflict and changes nothing', async () => {
      const { id } = await account(0);
      const session = await sessionToken(id);
      await gql(app, session, 'mutation { pauseAi { state } }');
      expect(codes(await gql(app, session, 'mutation { pauseAi { state } }'))).toEqual(['conflict']);
      expect((await app.services.events.listForAccount(id)).filter((e) => e.name === 'ai.paused')).toHaveLength(1);
    });
    test('pauseAiAccess / resumeAiAccess answer refusals in userErrors, with the same events', async () => {
      const { id, key } = await account(0);
      const session = await sessionToken(id);
      const PAUSE =
        'mutation($reason: String) { pauseAiAccess(input: { reason: $reason }) { aiAccess { state reason changedBy } userErrors { field code message } } }';
      const RESUME = 'mutation { resumeAiAccess { aiAccess { state } userErrors { field code message } } }';
      expect(codes(await gql(app, key, PAUSE))).toEqual(['session_required']);
      const notPaused = await gql(app, session, RESUME);
      expect(notPaused.body.errors).toBeUndefined();
      expect(notPaused.body.data.resumeAiAccess).toEqual({
        aiAccess: null,
        userErrors: [{ field: null, code: 'conflict', message: 'AI access is not paused' }],
      });
      const tooLong = await gql(app, session, PAUSE, { reason: 'x'.repeat(501) });
      expect(tooLong.body.errors).toBeUndefined();
      expect(tooLong.body.data.pauseAiAccess).toMatchObject({ aiAccess: null, userErrors: [{ field: ['input', 'reason'], code: 'invalid_parameter' }] });
      expect((await app.services.aiAccess.get(id)).state).toBe('enabled');
      const paused = await gql(app, session, PAUSE, { reason: 'budget review' });
      expect(paused.body.data.pauseAiAccess).toEqual({ aiAccess: { state: 'paused', reason: 'budget review', changedBy: 'dashboard' }, userErrors: [] });
      const again = await gql(app, session, PAUSE);
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data.pauseAiAccess).toEqual({
        aiAccess: null,
        userErrors: [{ field: null, code: 'conflict', message: 'AI access is already paused' }],
      });
      expect((await gql(app, session, RESUME)).body.data.resumeAiAccess).toEqual({ aiAccess: { state: 'enabled' }, userErrors: [] });
      const events = await app.services.events.listForAccount(id);
      expect(events.filter((e) => e.name.startsWith('ai.')).map((e) => e.name)).toEqual(['ai.paused', 'ai.resumed']);
    });
    test('usage and aiAccess read the same numbers as REST', async () => {
      const { id, key } = await account(100);
      await post(app.url, key);
      const answer = await gql(
        app,
        key,
        '{ aiAccess { state autoPause warningThresholdUsd criticalThresholdUsd } usage { timeZone today { totals { requests credits } byFeature { feature totals { requests credits } } } daily { date totals { credits } } } }',
      );
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.aiAccess).toEqual({ state: 'enabled', autoPause: false, warningThresholdUsd: 20, criticalThresholdUsd: 50 });
      const rest = await readJson(await fetch(`${app.url}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } }));
      expect(answer.body.data.usage.today.totals.requests).toBe(rest.periods.today.requests);
      expect(answer.body.data.usage.today.totals.credits).toBe(10);
      expect(answer.body.data.usage.today.byFeature).toEqual([{ feature: 'ai_insight', totals: { requests: 2, credits: 10 } }]);
      expect(answer.body.data.usage.daily).toHaveLength(30);
      void id;
    });
  });
});

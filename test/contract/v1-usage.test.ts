// GET /api/v1/usage through real HTTP: the documented body (checked against the served OpenAPI
// document), periods and days in the account's time zone, per-feature sums, tenancy, 401/403.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';

const TZ = 'America/New_York';
const DAY = 86_400_000;
const local = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

describeEachDatabase('GET /api/v1/usage', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let checker: OpenApiChecker;
  let key: string;
  let accountId: string;
  const now = new Date();
  const records = [
    { feature: 'forecast', at: new Date(now.getTime() - 60_000), tokensIn: 1000, tokensOut: 200, costUsd: 0.123456, credits: 20 },
    { feature: 'ai_insight', at: new Date(now.getTime() - 120_000), tokensIn: 100, tokensOut: 50, costUsd: 0.01, credits: 5 },
    { feature: 'ai_insight', at: new Date(now.getTime() - 3 * DAY), tokensIn: 300, tokensOut: 70, costUsd: 1.5, credits: 5 },
    { feature: 'daily_brief', at: new Date(now.getTime() - 20 * DAY), tokensIn: 10, tokensOut: 10, costUsd: 0.000001, credits: 10 },
    { feature: 'creative_analysis', at: new Date(now.getTime() - 45 * DAY), tokensIn: 9, tokensOut: 9, costUsd: 9, credits: 50 },
  ];

  const get = async (k?: string) => {
    const res = await fetch(`${app.url}/api/v1/usage`, { headers: k ? { authorization: `Bearer ${k}` } : {} });
    const body = await readJson(res.clone());
    checker.check('GET', '/api/v1/usage', res.status, body);
    return { res, body };
  };

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '1000' });
    checker = await openApiChecker(app.url);
    accountId = (await makeAccount(app.db.prisma, { timezone: TZ })).id;
    const other = (await makeAccount(app.db.prisma, { timezone: TZ })).id;
    const keys = keysService(app.db.prisma);
    key = (await keys.createKey({ accountId, scopes: ['read'] })).key;
    for (const r of records) await app.services.usage.record(accountId, { ...r, model: 'test-model' });
    await app.services.usage.record(other, { feature: 'forecast', model: 'x', tokensIn: 5, tokensOut: 5, costUsd: 3, credits: 20, at: now });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** The expected totals of the records whose local day is within [from, to]. */
  const expected = (from: string, to: string) => {
    const inside = records.filter((r) => local(r.at) >= from && local(r.at) <= to);
    const sum = (rs: typeof records) => ({
      requests: rs.length,
      credits: rs.reduce((s, r) => s + r.credits, 0),
      tokens_in: rs.reduce((s, r) => s + r.tokensIn, 0),
      tokens_out: rs.reduce((s, r) => s + r.tokensOut, 0),
      cost_usd: Math.round(rs.reduce((s, r) => s + r.costUsd * 1e6, 0)) / 1e6,
    });
    const features = [...new Set(inside.map((r) => r.feature))].sort();
    return { from, to, ...sum(inside), by_feature: features.map((feature) => ({ feature, ...sum(inside.filter((r) => r.feature === feature)) })) };
  };

  test('200: three periods, per-feature sums and a 30-day series in the account time zone', async () => {
    const { res, body } = await get(key);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const today = local(now);
    // Calendar days, not 29 x 24 h: after a DST change those land on the wrong local day in the hour before midnight.
    const [y, m, d] = today.split('-').map(Number);
    const first = new Date(Date.UTC(y!, m! - 1, d! - 29)).toISOString().slice(0, 10);
    expect(Object.keys(body)).toEqual(['user_id', 'timezone', 'currency', 'periods', 'daily', 'api_version']);
    expect(body).toMatchObject({ user_id: accountId, timezone: TZ, currency: 'USD', api_version: 'v1' });
    expect(body.periods.today).toEqual(expected(today, today));
    expect(body.periods.this_month).toEqual(expected(`${today.slice(0, 7)}-01`, today));
    expect(body.periods.last_30_days).toEqual(expected(first, today));
    expect(body.periods.last_30_days.requests).toBe(4);
    expect(body.daily).toHaveLength(30);
    expect(body.daily[0].date).toBe(first);
    expect(body.daily[29].date).toBe(today);
    for (const day of body.daily) {
      const { from: _f, to: _t, by_feature: _b, ...totals } = expected(day.date, day.date);
      expect(day).toEqual({ date: day.date, ...totals });
    }
  });

  test('an account without usage gets zeros', async () => {
    const empty = (await makeAccount(app.db.prisma)).id;
    const emptyKey = (await keysService(app.db.prisma).createKey({ accountId: empty, scopes: ['read'] })).key;
    const { body } = await get(emptyKey);
    expect(body.periods.today).toMatchObject({ requests: 0, credits: 0, tokens_in: 0, tokens_out: 0, cost_usd: 0, by_feature: [] });
    expect(body.daily.every((d: { requests: number }) => d.requests === 0)).toBe(true);
  });
});

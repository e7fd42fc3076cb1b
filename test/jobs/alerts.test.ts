// alerts-evaluator: rules evaluated against the orders, ad spend, customers and track events of
// their window; alert.fired once per crossing (on the way in), re-armed when the value goes back,
// once even when two evaluations race.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices, type Services } from '../../src/services.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { alertsEvaluatorJob } from '../../src/jobs/alerts-evaluator.job.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeAlertRule } from '../factories/analytics.ts';
import { makeAdSpend, makeSale } from '../factories/orders.ts';

const HOUR = 3_600_000;
/** 12:00 on 2026-06-15 in New York (EDT, UTC−4). */
const NOW = new Date('2026-06-15T16:00:00Z');
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describeEachDatabase('alerts-evaluator', (target) => {
  let database: TestDatabase;
  let db: Database;
  let services: Services;

  beforeAll(async () => {
    database = await target.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 5 });
    services = buildServices(testConfig(), db);
  });
  afterAll(async () => {
    await db.close();
    await database.close();
  });

  const fired = async (accountId: string) => (await services.events.listForAccount(accountId, { name: 'alert.fired' })).map((e) => e.data);
  const sale = (accountId: string, placedAt: Date, total: number) => makeSale(db.prisma, accountId, { placedAt, total, lines: [{ quantity: 1 }] });

  test('fires once across three runs while crossed, re-arms when the value goes back, fires again on the next crossing', async () => {
    const { id: accountId } = await makeAccount(db.prisma, { timezone: 'America/New_York' });
    const rule = await makeAlertRule(db.prisma, accountId, {
      name: 'Revenue above 500',
      metric: 'revenue',
      comparator: 'gt',
      threshold: 500,
      windowHours: 24,
      severity: 'high',
    });
    // Not crossed: revenue 0 in the last 24 hours (an order older than the window does not count).
    await sale(accountId, later(-25), 900);
    expect(await services.alerts.evaluateAlerts(accountId, NOW)).toBe(1); // last_value 0 recorded
    expect(await fired(accountId)).toEqual([]);

    await sale(accountId, later(-2), 350);
    await sale(accountId, later(-1), 250);
    // Three runs while revenue is 600 > 500: one event, on the first.
    expect(await services.alerts.evaluateAlerts(accountId, later(0.1))).toBe(1);
    expect(await services.alerts.evaluateAlerts(accountId, later(0.2))).toBe(0);
    expect(await services.alerts.evaluateAlerts(accountId, later(0.3))).toBe(0);
    expect(await fired(accountId)).toEqual([
      {
        rule_id: rule.id,
        rule_name: 'Revenue above 500',
        severity: 'high',
        metric: 'revenue',
        observed: 600,
        threshold: 500,
        comparator: 'gt',
        window_hours: 24,
      },
    ]);
    const firing = await db.prisma.alertRule.findUniqueOrThrow({ where: { id: rule.id } });
    expect([firing.firing, Number(firing.lastValue), firing.lastFiredAt?.toISOString()]).toEqual([true, 600, later(0.1).toISOString()]);

    // 23 hours later the 350 order has left the window: 250, not crossed: re-armed, no event.
    expect(await services.alerts.evaluateAlerts(accountId, later(22.5))).toBe(1);
    expect((await db.prisma.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).firing).toBe(false);
    await sale(accountId, later(22.6), 400);
    expect(await services.alerts.evaluateAlerts(accountId, later(22.7))).toBe(1);
    expect((await fired(accountId)).map((e) => (e as { observed: number }).observed)).toEqual([600, 650]);
  });

  test('ad spend counts in proportion to the part of each local day in the window; ROAS from it', async () => {
    const { id: accountId } = await makeAccount(db.prisma, { timezone: 'America/New_York' });
    const spend = await makeAlertRule(db.prisma, accountId, { metric: 'ad_spend', comparator: 'gt', threshold: 300 });
    const roas = await makeAlertRule(db.prisma, accountId, { metric: 'roas', comparator: 'lt', threshold: 2, severity: 'medium' });
    const inactive = await makeAlertRule(db.prisma, accountId, { metric: 'revenue', comparator: 'gt', threshold: 0, active: false });
    const unsupported = await makeAlertRule(db.prisma, accountId, { metric: 'margin_pct', comparator: 'lt', threshold: 1000 });
    await makeAdSpend(db.prisma, accountId, { date: '2026-06-14', spend: 480 });
    await makeAdSpend(db.prisma, accountId, { date: '2026-06-15', spend: 240 });
    await makeAdSpend(db.prisma, accountId, { date: '2026-06-13', spend: 9999 });
    await sale(accountId, later(-3), 600);
    // The window (16:00Z on the 14th to 16:00Z on the 15th) covers the second half of the 14th in
    // New York (04:00Z to 04:00Z) and the first half of the 15th: 480 / 2 + 240 / 2 = 360 > 300.
    // ROAS = 600 / 360 = 1.6667 < 2.
    expect(await services.alerts.evaluateAlerts(accountId, NOW)).toBe(2);
    const data = (await fired(accountId)) as Array<{ rule_id: number; observed: number; severity: string }>;
    expect(data.map((d) => [d.rule_id, d.observed, d.severity])).toEqual([
      [spend.id, 360, 'high'],
      [roas.id, 1.6667, 'medium'],
    ]);
    // Inactive rules and metrics a window cannot tell are left as they are.
    for (const id of [inactive.id, unsupported.id]) {
      expect(await db.prisma.alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({ firing: false, lastValue: null, lastFiredAt: null });
    }
  });

  test('two concurrent evaluations of a crossing fire it once (service and runner)', async () => {
    const { id: accountId } = await makeAccount(db.prisma, { timezone: 'UTC' });
    await makeAlertRule(db.prisma, accountId, { metric: 'orders', comparator: 'gte', threshold: 2 });
    await sale(accountId, later(-2), 10);
    await sale(accountId, later(-1), 10);
    const [a, b] = await Promise.all([services.alerts.evaluateAlerts(accountId, NOW), services.alerts.evaluateAlerts(accountId, NOW)]);
    expect(a + b).toBe(1);
    expect(await fired(accountId)).toHaveLength(1);

    const other = await makeAccount(db.prisma, { timezone: 'UTC' });
    await makeAlertRule(db.prisma, other.id, { metric: 'orders', comparator: 'gte', threshold: 1 });
    await sale(other.id, new Date(Date.now() - HOUR), 10);
    const runner = jobRunner({ prisma: db.prisma, services, jobs: [alertsEvaluatorJob] });
    const results = await Promise.all([runner.run('alerts-evaluator', other.id), runner.run('alerts-evaluator', other.id)]);
    expect(results.map((r) => r[0]!.status).sort()).toEqual(['skipped_locked', 'succeeded']);
    expect(await fired(other.id)).toHaveLength(1);
  });
});

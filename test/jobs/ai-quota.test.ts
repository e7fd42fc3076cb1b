// ai-quota: usage.threshold_crossed once per month and severity (also under concurrent checks),
// per-account thresholds, and the automatic pause at the critical threshold (by_kind system),
// only when switched on and only if access is not already paused.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { makeAccount } from '../factories/index.ts';
import { servicesOn } from '../factories/credits.ts';
import type { Database } from '../../src/db/database.ts';
import type { Services } from '../../src/services.ts';
import { eventsRepo } from '../../src/domain/events/index.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';

const NOV = new Date('2026-11-15T12:00:00.000Z');
const DEC = new Date('2026-12-03T12:00:00.000Z');

describeEachDatabase('ai-quota', (target) => {
  let database: TestDatabase;
  let db: Database;
  let services: Services;
  beforeAll(async () => {
    database = await target.create();
    ({ db, services } = await servicesOn(database));
  });
  afterAll(async () => {
    await db?.close();
    await database?.close();
  });

  const spend = (accountId: string, costUsd: number, at: Date) =>
    services.usage.record(accountId, { feature: 'forecast', model: 'm', tokensIn: 1000, tokensOut: 500, costUsd, credits: 20, at });
  const events = async (accountId: string, name: 'usage.threshold_crossed' | 'ai.paused' | 'ai.resumed') =>
    (await eventsRepo(db.prisma).listForAccount(accountId, { name })).map((e) => e.data);

  test('warning then critical, each once per month; automatic pause once, at the crossing; a new month starts over', async () => {
    const { id } = await makeAccount(db.prisma);
    await services.aiAccess.configure(id, { autoPause: true });
    await spend(id, 12.5, NOV);
    expect(await services.aiAccess.checkMonthlyQuota(id, NOV)).toEqual({ month: '2026-11', costUsd: 12.5, notified: [], paused: false });
    await spend(id, 12.5, NOV);
    expect(await services.aiAccess.checkMonthlyQuota(id, NOV)).toMatchObject({ costUsd: 25, notified: ['warning'], paused: false });
    expect(await services.aiAccess.checkMonthlyQuota(id, NOV)).toMatchObject({ notified: [], paused: false });
    expect(await events(id, 'usage.threshold_crossed')).toEqual([
      { month: '2026-11', severity: 'warning', cost_usd: 25, tokens: 3000, requests: 2, threshold_usd: 20, ts: NOV.toISOString() },
    ]);
    await spend(id, 30, NOV);
    const [a, b] = await Promise.all([services.aiAccess.checkMonthlyQuota(id, NOV), services.aiAccess.checkMonthlyQuota(id, NOV)]);
    expect([...a.notified, ...b.notified]).toEqual(['critical']);
    expect((await services.aiAccess.get(id)).state).toBe('paused');
    expect(await events(id, 'ai.paused')).toEqual([
      {
        action: 'pause',
        reason: 'monthly AI cost 55.00 USD reached the critical threshold of 50.00 USD',
        by: 'ai-quota',
        by_kind: 'system',
        cost_usd: 55,
        threshold_usd: 50,
        ts: NOV.toISOString(),
      },
    ]);
    expect((await events(id, 'usage.threshold_crossed')).map((e) => (e as { severity: string }).severity)).toEqual(['warning', 'critical']);
    // The admin resumes: the same month does not pause again.
    await services.aiAccess.resume(id, { by: 'admin_1', reason: 'budget raised' });
    await spend(id, 10, NOV);
    expect(await services.aiAccess.checkMonthlyQuota(id, NOV)).toMatchObject({ notified: [], paused: false });
    expect((await services.aiAccess.get(id)).state).toBe('enabled');
    // December: nothing until the new month's cost crosses; then both severities again.
    expect(await services.aiAccess.checkMonthlyQuota(id, DEC)).toEqual({ month: '2026-12', costUsd: 0, notified: [], paused: false });
    await spend(id, 51, DEC);
    expect(await services.aiAccess.checkMonthlyQuota(id, DEC)).toMatchObject({ month: '2026-12', notified: ['warning', 'critical'], paused: true });
    expect(await events(id, 'ai.paused')).toHaveLength(2);
    expect(await db.prisma.aiQuotaNotice.count({ where: { accountId: id } })).toBe(4);
  });

  test('without automatic pausing, or when already paused, the critical crossing pauses nothing', async () => {
    const off = (await makeAccount(db.prisma)).id;
    await spend(off, 60, NOV);
    expect(await services.aiAccess.checkMonthlyQuota(off, NOV)).toMatchObject({ notified: ['warning', 'critical'], paused: false });
    expect((await services.aiAccess.get(off)).state).toBe('enabled');
    expect(await events(off, 'ai.paused')).toEqual([]);

    const paused = (await makeAccount(db.prisma)).id;
    await services.aiAccess.configure(paused, { autoPause: true });
    await services.aiAccess.pause(paused, { by: 'admin_2', reason: 'manual' });
    await spend(paused, 60, NOV);
    expect(await services.aiAccess.checkMonthlyQuota(paused, NOV)).toMatchObject({ notified: ['warning', 'critical'], paused: false });
    expect((await events(paused, 'ai.paused')).map((e) => (e as { by_kind: string }).by_kind)).toEqual(['admin']);
  });

  test('per-account thresholds; invalid settings are refused and change nothing', async () => {
    const { id } = await makeAccount(db.prisma);
    await services.aiAccess.configure(id, { warningThresholdUsd: 5, criticalThresholdUsd: 10 });
    await spend(id, 6, NOV);
    await services.aiAccess.checkMonthlyQuota(id, NOV);
    expect(await events(id, 'usage.threshold_crossed')).toEqual([expect.objectContaining({ severity: 'warning', threshold_usd: 5, cost_usd: 6 })]);
    await expect(services.aiAccess.configure(id, { warningThresholdUsd: 20 })).rejects.toMatchObject({ code: 'invalid_parameter' });
    await expect(services.aiAccess.configure(id, { criticalThresholdUsd: -1 })).rejects.toMatchObject({
      code: 'invalid_parameter',
      details: { param: 'criticalThresholdUsd' },
    });
    expect(await services.aiAccess.get(id)).toMatchObject({ warningThresholdUsd: 5, criticalThresholdUsd: 10 });
  });

  test('admin pause and resume: transitions, events, conflicts and bad input', async () => {
    const { id } = await makeAccount(db.prisma);
    await expect(services.aiAccess.resume(id, { by: 'admin_3' })).rejects.toMatchObject({ code: 'conflict' });
    const at = new Date('2026-11-20T08:00:00.000Z');
    expect(await services.aiAccess.pause(id, { by: 'admin_3', reason: 'chargeback' }, at)).toMatchObject({
      state: 'paused',
      changedBy: 'admin_3',
      changedByKind: 'admin',
      reason: 'chargeback',
    });
    await expect(services.aiAccess.pause(id, { by: 'admin_3' })).rejects.toMatchObject({ code: 'conflict' });
    await services.aiAccess.resume(id, { by: 'admin_4' }, at);
    expect(await events(id, 'ai.paused')).toEqual([{ action: 'pause', reason: 'chargeback', by: 'admin_3', by_kind: 'admin', ts: at.toISOString() }]);
    expect(await events(id, 'ai.resumed')).toEqual([{ action: 'resume', reason: null, by: 'admin_4', by_kind: 'admin', ts: at.toISOString() }]);
    await expect(services.aiAccess.pause(id, { by: '  ' })).rejects.toMatchObject({ code: 'invalid_parameter', details: { param: 'by' } });
    await expect(services.aiAccess.pause('acc_nobody', { by: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await services.aiAccess.get(id)).state).toBe('enabled');
  });

  test('svc jobs run ai-quota through the runner', async () => {
    const { id } = await makeAccount(db.prisma);
    await spend(id, 21, new Date());
    const runner = jobRunner({ prisma: db.prisma, services, jobs: ALL_JOBS, retryDelayMs: () => 0 });
    expect(await runner.run('ai-quota', id)).toEqual([expect.objectContaining({ status: 'succeeded', rowsWritten: 1 })]);
    expect(await runner.run('ai-quota', id)).toEqual([expect.objectContaining({ status: 'succeeded', rowsWritten: 0 })]);
    expect(await events(id, 'usage.threshold_crossed')).toHaveLength(1);
  });
});

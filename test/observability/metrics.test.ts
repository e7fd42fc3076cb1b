// GET /metrics through real HTTP: the documented names with their types, no API key needed, and
// counters that move after REST and GraphQL requests, a 429, a failed statement, a job run and a
// webhook attempt; labels carry route patterns, never raw paths or account ids.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { buildJobRunner } from '../../src/main.ts';
import { appendEvents, domainEvent } from '../../src/domain/events/index.ts';
import { webhookDispatcher, webhooksService } from '../../src/domain/webhooks/index.ts';
import { watchDispatcher } from '../../src/observability/metrics.ts';
import { startMetricsServer } from '../../src/observability/server.ts';
import { declared, sample } from './helpers.ts';

const EXPECTED: Record<string, string> = {
  http_request_duration_seconds: 'histogram',
  graphql_operations_total: 'counter',
  graphql_operation_cost: 'histogram',
  rate_limit_rejections_total: 'counter',
  db_pool_connections: 'gauge',
  db_query_duration_seconds: 'histogram',
  db_query_errors_total: 'counter',
  job_runs_total: 'counter',
  job_run_duration_seconds: 'histogram',
  job_run_lateness_seconds: 'histogram',
  connector_inbox_failures_total: 'counter',
  webhook_queue_depth: 'gauge',
  webhook_oldest_due_delivery_age_seconds: 'gauge',
  webhook_attempts_total: 'counter',
  outbox_lag_seconds: 'gauge',
};

describeEachDatabase('GET /metrics', (target) => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const scrape = async (): Promise<string> => {
    const res = await fetch(`${app.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  test('declares every documented metric with its type, without an API key', async () => {
    const types = declared(await scrape());
    for (const [name, type] of Object.entries(EXPECTED)) expect([name, types.get(name)]).toEqual([name, type]);
  });

  test('counters move after requests, a 429, a failed statement, a job run and a webhook attempt', async () => {
    const { prisma } = app.db;
    const account = await makeAccount(prisma);
    const key = await makeKey(prisma, account.id);
    const spare = await makeKey(prisma, account.id);
    const before = await scrape();
    const me = { method: 'GET', route: '/api/v1/me', status: '200' };
    const dashboard = { operation: 'Dashboard', type: 'query', outcome: 'ok' };

    expect((await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await fetch(`${app.url}/api/v1/nothing/${account.id}`)).status).toBe(404);
    const graphql = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: 'query Dashboard { viewer { account { id name } } }' }),
    });
    expect(graphql.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${spare}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await expect(prisma.$queryRawUnsafe('SELECT * FROM no_such_table')).rejects.toThrow();

    const [run] = await buildJobRunner(app, () => {}).run('customer-metrics', account.id);
    expect(run!.status).toBe('succeeded');

    // A subscription whose address the dispatcher refuses (loopback): one failed attempt, retried later.
    await webhooksService(prisma, { allowHosts: ['localhost'] }).createWebhook(account.id, {
      url: 'https://localhost:9999/hook',
      events: ['integration.connected'],
    });
    await prisma.$transaction((tx) => appendEvents(tx, account.id, [domainEvent('integration.connected', { provider: 'shopify', shop: 'm.myshopify.com' })]));
    const waiting = await scrape();
    expect(sample(waiting, 'outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    const dispatcher = webhookDispatcher({ prisma });
    watchDispatcher(dispatcher.stats);
    expect(await dispatcher.drain()).toMatchObject({ fannedOut: 1, attempted: 1, failed: 1 });
    await dispatcher.stop();

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('http_request_duration_seconds_count', me)).toBe(4);
    expect(moved('http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { route: '/graphql', status: '200' })).toBe(1);
    expect(moved('graphql_operations_total', dashboard)).toBe(1);
    expect(moved('graphql_operation_cost_count', { operation: 'Dashboard' })).toBe(1);
    expect(moved('rate_limit_rejections_total', { budget: 'key' })).toBe(1);
    expect(moved('db_query_errors_total', { class: '42' })).toBe(1);
    expect(moved('db_query_duration_seconds_count')).toBeGreaterThan(5);
    expect(sample(after, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(after, 'db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(5);
    expect(moved('job_runs_total', { job: 'customer-metrics', outcome: 'succeeded' })).toBe(1);
    expect(moved('job_run_duration_seconds_count', { job: 'customer-metrics', outcome: 'succeeded' })).toBe(1);
    expect(moved('webhook_attempts_total', { outcome: 'failed' })).toBe(1);
    expect(sample(after, 'webhook_queue_depth')).toBe(1);
    expect(sample(after, 'outbox_lag_seconds')).toBe(0);
    // Bounded labels: no raw path, no account id anywhere in the scrape.
    expect(after).not.toContain(account.id);
    expect(after).not.toContain('/api/v1/nothing');
  });
});

test('with METRICS_PORT the API does not serve /metrics; the metrics server does, and only that', async () => {
  const [target] = await import('../helpers/databases.ts').then((m) => m.databaseTargets());
  const database = await target!.create();
  const app = await startTestApp(database, { METRICS_PORT: '0' });
  const metrics = await startMetricsServer('127.0.0.1', 0);
  try {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(res.status).toBe(200);
    expect(declared(await res.text()).get('http_request_duration_seconds')).toBe('histogram');
    expect((await fetch(`http://127.0.0.1:${metrics.port}/api/v1/status`)).status).toBe(404);
  } finally {
    await metrics.close();
    await app.close();
    await database.close();
  }
});

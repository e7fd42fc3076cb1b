// The HTTP skeleton through real HTTP: probes, /api/v1/status exactly as the contract describes,
// request ids, the JSON error shape for unknown routes and methods.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { readJson } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { deleteJobRuns, makeJobRun } from '../factories/rows.ts';

describeEachDatabase('http skeleton', (target) => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { REGION: 'eu-test' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('GET /healthz and /readyz answer 200 with the database up', async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await readJson(health)).toEqual({ status: 'ok' });
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await readJson(ready)).toEqual({ status: 'ready' });
  });

  test('GET /api/v1/status: exact shape, field order, cache and CORS headers', async () => {
    const res = await fetch(`${app.url}/api/v1/status`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=15');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await readJson(res);
    expect(Object.keys(body)).toEqual(['status', 'api_version', 'checks', 'meta', 'ts']);
    expect(body).toEqual({
      status: expect.stringMatching(/^(operational|degraded)$/), // degraded only if SELECT 1 took > 250 ms
      api_version: 'v1',
      checks: { database: { status: 'ok', latency_ms: expect.any(Number) } },
      meta: { region: 'eu-test', env: 'test', commit: 'testcommit', check_total_ms: expect.any(Number) },
      ts: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Number.isInteger(body.checks.database.latency_ms)).toBe(true);
    expect(Number.isInteger(body.meta.check_total_ms)).toBe(true);
    expect(Math.abs(Date.parse(body.ts) - Date.now())).toBeLessThan(60_000);
  });

  test('every response carries a request id; a sane incoming X-Request-Id is kept', async () => {
    const generated = await fetch(`${app.url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.123');
    const replaced = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  test('a CORS preflight to a public endpoint is answered for any origin', async () => {
    const res = await fetch(`${app.url}/api/v1/status`, {
      method: 'OPTIONS',
      headers: { origin: 'https://dash.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-request-id' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toContain('X-Request-Id');
  });

  test('a malformed URL is answered in the contract error shape', async () => {
    const res = await fetch(`${app.url}/api/v1/status%zz`);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toEqual({ error: 'invalid_parameter', message: 'The URL is malformed.' });
  });

  test('status is degraded when a scheduled job is more than two periods late, operational again after a success', async () => {
    await makeJobRun(app.db.prisma, {
      job: 'customer-metrics',
      status: 'succeeded',
      startedAt: new Date(Date.now() - 3 * 3_600_000),
      finishedAt: new Date(Date.now() - 3 * 3_600_000 + 1000),
    });
    try {
      expect((await readJson(await fetch(`${app.url}/api/v1/status`))).status).toBe('degraded');
      await makeJobRun(app.db.prisma, { job: 'customer-metrics', status: 'succeeded', finishedAt: new Date() });
      expect((await readJson(await fetch(`${app.url}/api/v1/status`))).status).toMatch(/^(operational|degraded)$/);
      const body = await readJson(await fetch(`${app.url}/api/v1/status`));
      if (body.checks.database.latency_ms <= 250) expect(body.status).toBe('operational');
    } finally {
      await deleteJobRuns(app.db.prisma, 'customer-metrics');
    }
  });

  test('unknown routes are 404 {"error":"not_found"}', async () => {
    for (const path of ['/api/v1/nope', '/api/v2/status', '/nothing']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(404);
      expect((await readJson(res)).error).toBe('not_found');
    }
  });

  test('a known route with another method is 405 with an Allow header', async () => {
    const res = await fetch(`${app.url}/api/v1/status`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await readJson(res)).error).toBe('method_not_allowed');
  });
});

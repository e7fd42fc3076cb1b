// The HTTP skeleton through real HTTP: probes, /api/v1/status exactly as the contract describes,
// request ids, the JSON error shape for unknown routes and methods.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { readJson } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

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
      status: 'operational',
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
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await readJson(res)).error).toBe('method_not_allowed');
  });
});

// OpenTelemetry spans through an in-memory exporter: one REST request gives an HTTP server span
// (named by its route pattern, continuing the caller's traceparent) with pg spans in its trace;
// one GraphQL query gives the HTTP span, resolver spans under it and pg spans in the same trace.
import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { startTracing, type Tracing } from '../../src/observability/tracing.ts';
import { loadConfig } from '../../src/config.ts';

const exporter = new InMemorySpanExporter();
let tracing: Tracing | null = null;

beforeAll(async () => {
  // Off by default: no endpoint configured means no tracing.
  const config = loadConfig({ env: { NODE_ENV: 'test' }, envFile: null });
  expect(config.observability.tracing.enabled).toBe(false);
  expect(await startTracing(config.observability.tracing)).toBeNull();
  tracing = await startTracing(config.observability.tracing, exporter);
});
afterAll(async () => {
  await tracing?.shutdown();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const inTrace = (traceId: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);

describeEachDatabase('traces', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database);
    key = await makeKey(app.db.prisma, (await makeAccount(app.db.prisma)).id);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(() => exporter.reset());

  test('a REST request: an HTTP span by route pattern, continuing the caller trace, with pg spans', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}`, traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(res.status).toBe(200);
    const spans = inTrace(traceId);
    const http = spans.find((s) => s.name === 'GET /api/v1/me');
    expect(http).toBeDefined();
    expect(http!.attributes).toMatchObject({ 'http.route': '/api/v1/me', 'http.response.status_code': 200 });
    expect(parentOf(http!)).toBe('00f067aa0ba902b7');
    const pg = spans.filter((s) => s.name.startsWith('pg '));
    expect(pg.length).toBeGreaterThan(0);
    expect(pg[0]!.attributes['db.system.name']).toBe('postgresql');
  });

  test('a GraphQL query: the HTTP span, resolver spans under it, pg spans in the same trace', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: 'query Dashboard { viewer { account { id name } } }' }),
    });
    expect(res.status).toBe(200);
    const http = exporter.getFinishedSpans().find((s) => s.name === 'POST /graphql');
    expect(http).toBeDefined();
    const spans = inTrace(http!.spanContext().traceId);
    const viewer = spans.find((s) => s.name === 'graphql.resolve Query.viewer');
    expect(viewer).toBeDefined();
    expect(parentOf(viewer!)).toBe(http!.spanContext().spanId);
    expect(spans.some((s) => s.name.startsWith('graphql.resolve Viewer.'))).toBe(true);
    expect(spans.some((s) => s.name.startsWith('pg '))).toBe(true);
  });
});

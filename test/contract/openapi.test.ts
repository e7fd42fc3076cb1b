// The OpenAPI 3.1 document: served publicly, valid by swagger-parser, listing every documented
// /api/v1 route the server answers, with responses the contract suites check against it.
import SwaggerParser from '@apidevtools/swagger-parser';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openApiChecker } from '../helpers/openapi.ts';
import { servedRoutes } from '../helpers/routes.ts';

let database: TestDatabase;
let app: TestApp;

beforeAll(async () => {
  database = await databaseTargets()[0]!.create();
  app = await startTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

test('GET /api/v1/openapi.json is public, cacheable and a valid OpenAPI 3.1 document', async () => {
  const res = await fetch(`${app.url}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  const doc = (await res.json()) as { openapi: string };
  expect(doc.openapi).toBe('3.1.0');
  await expect(SwaggerParser.validate(structuredClone(doc) as unknown as Parameters<typeof SwaggerParser.validate>[0])).resolves.toBeDefined();
});

test('every /api/v1 route the server answers is in the document, and nothing else is', async () => {
  const { doc } = await openApiChecker(app.url);
  // OpenAPI writes path parameters {id}; the router :id.
  const documented = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
    .sort();
  const served = servedRoutes(app.app).filter((route) => route.includes(' /api/v1/'));
  expect(served).toEqual(
    expect.arrayContaining(['GET /api/v1/customers', 'GET /api/v1/customers/segments', 'GET /api/v1/changelog.rss', 'GET /api/v1/sdk/python']),
  );
  expect(documented).toEqual(served);
});

test('the status response matches its documented schema', async () => {
  const checker = await openApiChecker(app.url);
  const res = await fetch(`${app.url}/api/v1/status`);
  checker.check('GET', '/api/v1/status', res.status, await res.json());
});

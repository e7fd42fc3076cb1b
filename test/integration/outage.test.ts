// The database goes away while the service runs: data requests get 503 no_db, /readyz fails,
// /healthz passes, /status says down; when the database is back the service recovers by itself.
import type { PGlite } from '@electric-sql/pglite';
import { PgliteServer } from '../../src/db/pglite-server.ts';
import { openMigratedPglite } from '../helpers/templates.ts';
import { readJson } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let pglite: PGlite;
let server: PgliteServer;
let app: TestApp;
let port: number;

beforeAll(async () => {
  // A copy of the run's migrated template (test/helpers/templates.ts), served here so that the
  // test can stop and restart the server under the app.
  pglite = await openMigratedPglite();
  server = new PgliteServer(pglite);
  await server.start();
  port = server.port;
  const connectionString = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  app = await startTestApp({ kind: 'embedded', connectionString, close: async () => {} }, {}, (fastify, services) => {
    // A route that reaches the database through a domain service, as every data endpoint does.
    fastify.get('/test-accounts', async () => ({ accounts: await services.accounts.countAccounts() }));
  });
});
afterAll(async () => {
  await app.close();
  await server.stop();
  await pglite.close();
});

test('503 no_db while the database is unreachable, and recovery when it is back', async () => {
  expect((await fetch(`${app.url}/readyz`)).status).toBe(200);

  await server.stop();

  const status = await fetch(`${app.url}/api/v1/status`);
  expect(status.status).toBe(503);
  const body = await readJson(status);
  expect(body.status).toBe('down');
  expect(body.checks.database.status).toBe('error');
  expect(status.headers.get('cache-control')).toBe('public, max-age=15');

  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await readJson(ready)).toEqual({ status: 'unavailable', error: 'no_db' });
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

  // A request whose service call reaches the database is answered 503 no_db by the one error map.
  const data = await fetch(`${app.url}/test-accounts`);
  expect(data.status).toBe(503);
  expect(await readJson(data)).toEqual({ error: 'no_db', message: 'The database is unavailable; retry shortly.' });

  server = new PgliteServer(pglite, { port });
  await server.start();

  // Poll until ready, with a generous bound (a loaded machine reconnects slowly).
  let recovered = false;
  for (const deadline = Date.now() + 60_000; !recovered && Date.now() < deadline;) {
    recovered = (await fetch(`${app.url}/readyz`)).status === 200;
    if (!recovered) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(recovered).toBe(true);
  const after = await fetch(`${app.url}/api/v1/status`);
  expect(after.status).toBe(200);
  expect((await readJson(after)).status).toMatch(/^(operational|degraded)$/);
  expect((await fetch(`${app.url}/test-accounts`)).status).toBe(200);
});

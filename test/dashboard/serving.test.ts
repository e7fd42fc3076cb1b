// The dashboard's page without a bundle (a production install without the dev dependencies, or
// before `npm run build:dashboard`): 503 with how to build it, for the page and its client-side
// routes, and 404 for assets. No database or browser needed: the module on a bare Fastify app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { registerDashboard } from '../../src/http/dashboard.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import { sendError, toAppError } from '../../src/http/errors.ts';

test('without a bundle: 503 and how to build it; assets 404', async () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'dashboard-missing-'));
  const app = Fastify();
  // The public budget is not what this checks: a guard that lets every request through.
  const guard = { publicRoute: () => async () => undefined } as unknown as AccessGuard;
  app.setErrorHandler((error, _request, reply) => sendError(reply, toAppError(error).appError)); // the app's error answers
  registerDashboard(app, guard, { dir: empty });
  try {
    for (const url of ['/dashboard', '/dashboard/customers']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toContain('npm run build:dashboard');
    }
    const asset = await app.inject({ method: 'GET', url: '/dashboard/assets/dashboard-ABC.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toMatchObject({ error: 'not_found' });
  } finally {
    await app.close();
    rmSync(empty, { recursive: true, force: true });
  }
});

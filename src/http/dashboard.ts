// The dashboard: a Preact app over our own GraphQL API (dashboard/src, bundled at install time by
// scripts/build-dashboard.mjs into src/http/dashboard/__generated__/). This module serves the HTML shell at
// /dashboard and at every client-side route under it, with a strict Content-Security-Policy (no
// inline script or style, nothing from another origin), and the hashed assets under
// /dashboard/assets/. Without a bundle (a production install without the dev dependencies) the
// page answers 503 and says how to build it. Public routes: the per-address budget; the app
// itself signs in through /auth and then calls /graphql with the session cookie.
import path from 'node:path';
import { httpAssetsDir } from '../paths.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { AccessGuard } from './guard.ts';
import { pageHeaders, readManifest, serveBundleAssets, type BundleManifest } from './static-bundle.ts';

export const DASHBOARD_PATH = '/dashboard';
const ASSETS_PATH = `${DASHBOARD_PATH}/assets`;
const GENERATED_DIR = path.join(httpAssetsDir, 'dashboard', '__generated__');

/**
 * Same origin only. connect-src 'self' also admits the same-origin ws:/wss: of the live feed
 * (CSP Level 3; checked in Chromium by test/dashboard). Styles come from the bundle's stylesheet;
 * uPlot and Preact set element styles through the CSSOM, which style-src does not govern.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function pageHtml(manifest: BundleManifest): string {
  const style = manifest.style ? `<link rel="stylesheet" href="${ASSETS_PATH}/${manifest.style}">\n` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<link rel="icon" href="data:,">
<title>Dashboard</title>
${style}<script type="module" src="${ASSETS_PATH}/${manifest.script}"></script>
</head>
<body>
<noscript>The dashboard needs JavaScript. The API itself answers at /graphql and /api/v1.</noscript>
<div id="app"></div>
</body>
</html>
`;
}

export interface DashboardOptions {
  /** Where the bundle lives; the install-time build's folder unless a test says otherwise. */
  dir?: string;
}

export function registerDashboard(app: FastifyInstance, guard: AccessGuard, options: DashboardOptions = {}): void {
  const dir = options.dir ?? GENERATED_DIR;
  const manifest = readManifest(dir);
  const html = manifest ? pageHtml(manifest) : '';
  const spendPublic = guard.publicRoute();

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    await spendPublic(request, reply);
    if (!manifest) {
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The dashboard is not built on this installation: run `npm run build:dashboard` (it needs the dev dependencies), then restart.\n');
    }
    return pageHeaders(reply, DASHBOARD_CSP).send(html);
  }

  app.get(DASHBOARD_PATH, sendPage);
  // Client-side routes (/dashboard/customers, ...); /dashboard/assets/* is the route below.
  app.get(`${DASHBOARD_PATH}/*`, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    if (rest.startsWith('assets/') || !/^[a-z0-9/-]*$/.test(rest)) {
      await spendPublic(request, reply);
      throw new AppError('not_found');
    }
    return sendPage(request, reply);
  });
  serveBundleAssets(app, { assetsPath: ASSETS_PATH, dir, manifest, before: spendPublic });
}

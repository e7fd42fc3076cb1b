// The GraphQL playground: GraphiQL served entirely by this service (no CDN), at GET /playground
// and at GET /graphql when a browser asks for a page (see src/graphql/playground.ts). Its script, styles, font and Monaco's workers
// are bundled at install time by scripts/build-playground.mjs into playground/__generated__/;
// this module only serves them: the page with a strict Content-Security-Policy, the assets by
// their content-hashed names (immutable, gzip when accepted). Public: the per-address budget.
import path from 'node:path';
import { httpAssetsDir } from '../paths.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { AccessGuard } from './guard.ts';
import { escapeHtml, pageHeaders, readManifest, serveBundleAssets, type BundleManifest } from './static-bundle.ts';

export const PLAYGROUND_PATH = '/playground';
const ASSETS_PATH = `${PLAYGROUND_PATH}/assets`;
const GENERATED_DIR = path.join(httpAssetsDir, 'playground', '__generated__');

/** Monaco injects <style> elements, so styles need 'unsafe-inline'; scripts, workers and fetches stay same-origin. */
export const PLAYGROUND_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DEFAULT_QUERY = `# Enter your API key above, then run this with the ▶ button (or Ctrl-Enter).
# The Docs panel on the left lists every type and field.
query Dashboard {
  viewer {
    account { name plan }
    credits { balance }
  }
  customers(first: 5) {
    nodes {
      name segment revenueTotal
      recentOrders(first: 3) { totalAmount placedAt }
    }
  }
  insights(first: 5, status: open) {
    nodes { severity title }
  }
}
`;

interface Manifest extends BundleManifest {
  style: string;
}

function pageHtml(manifest: Manifest, endpoint: string, defaultQuery: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>GraphQL playground</title>
<link rel="stylesheet" href="${ASSETS_PATH}/${manifest.style}">
</head>
<body>
<noscript>The GraphQL playground needs JavaScript. The API itself answers POST ${endpoint}.</noscript>
<div id="playground" data-endpoint="${endpoint}" data-default-query="${escapeHtml(defaultQuery)}"></div>
<script type="module" src="${ASSETS_PATH}/${manifest.script}"></script>
</body>
</html>
`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the playground page; false when it is turned off (GET /graphql then stays GraphQL). */
    playgroundPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

export interface PlaygroundOptions {
  enabled: boolean;
  /** The GraphQL endpoint the page talks to (the GraphQL door's path; this module does not know the door). */
  endpoint: string;
  /** Where the bundle lives; the install-time build's folder unless a test says otherwise. */
  dir?: string;
}

/**
 * Registers the page and its assets on the root app, and decorates it with `playgroundPage`, which
 * the GraphQL route calls for a browser's GET /graphql (src/graphql/playground.ts).
 */
export function registerPlayground(app: FastifyInstance, guard: AccessGuard, options: PlaygroundOptions): void {
  const dir = options.dir ?? GENERATED_DIR;
  const manifest = options.enabled ? readManifest<Manifest>(dir) : null;
  const html = manifest ? pageHtml(manifest, options.endpoint, DEFAULT_QUERY) : '';
  const spendPublic = guard.publicRoute();

  function unavailable(): AppError {
    return options.enabled
      ? new AppError('not_found', 'The playground is not built on this installation: run `npm run build:playground`.')
      : new AppError('not_found', 'The playground is turned off (PLAYGROUND_ENABLED=false).');
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    await spendPublic(request, reply);
    if (!manifest) throw unavailable();
    return pageHeaders(reply, PLAYGROUND_CSP).send(html);
  }

  app.get(PLAYGROUND_PATH, sendPage);
  app.decorate('playgroundPage', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!options.enabled) return false;
    await sendPage(request, reply);
    return true;
  });

  serveBundleAssets(app, { assetsPath: ASSETS_PATH, dir, manifest, before: spendPublic });
}

// The server's bundle, made by `npm run build` (scripts/build.mjs): src/cli.ts and
// everything it imports, our code and most of its dependencies, bundled by esbuild (the bundler of
// the playground and the dashboard) into dist/app/, which dist/svc.js runs. Loading a start's
// ~430 modules one by one (resolve, read, compile, link; CommonJS ones through the CJS loader)
// took about 0.45 s of CPU and left a 33 MB heap; the bundle 0.21 to 0.24 s and 23 MB
// (docs/operations.md, "Start-up, third pass").
// Code split: what the source imports on first use (the GraphQL door, the seed, PGlite, tracing)
// stays in chunks of its own, loaded then, as before.
//
// Left outside (imported from node_modules at run time, as before), because they find files of
// their own package at run time or load native or WebAssembly parts: Prisma (its query compiler),
// PGlite (its WebAssembly and data files), pino (its transports run worker files), maxmind and the
// city database, OpenTelemetry (loaded only when tracing is on), ioredis (only with REDIS_URL), and
// graphql and pg, so that every consumer (Prisma's driver adapter for pg) shares the one instance
// Node.js resolves (a bundled pg beside the adapter's own failed on the first connection), and
// @apollo/utils.createhash, which takes Node's crypto only through `module.require` (absent from a
// bundled module): bundled, it hashed every GraphQL request's text with the JavaScript sha.js, about
// 1 % of the CPU of bench/graphql's dashboard query. Optional native add-ons
// that packages try to require (pg-native, bufferutil, utf-8-validate) are not installed.
// A linked source map (dist/app/*.js.map) maps stack traces back to src/*.ts under
// `node --enable-source-maps dist/svc.js …`; it is not read unless that flag is given (it costs
// about 30 MB and doubles the time to load the bundle).
import path from 'node:path';

export const SERVER_BUNDLE_DIR = 'app';

export const EXTERNAL_PACKAGES = [
  '@prisma/*',
  '@electric-sql/*',
  'pino',
  'pino-*',
  'thread-stream',
  'maxmind',
  '@ip-location-db/*',
  '@opentelemetry/*',
  'ioredis',
  'graphql',
  '@apollo/utils.createhash',
  'pg',
  'pg-*',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

/**
 * The bundle's entry points, each `dist/app/<name>.js`: the CLI (what dist/svc.js runs), the
 * embedded template's builder (scripts/build.mjs runs it after bundling), and what the benches'
 * compiled processes import: the database client and the ingestion service (bench/ingest's
 * loading process), and the integrations, the connectors' stock, the Shopify connector and the
 * job processes' heap setting (bench/shopify-backfill's connector process). Code they share is
 * in shared chunks, so each module exists once.
 */
export const BUNDLE_ENTRIES = {
  cli: 'src/cli.ts',
  'template-build': 'src/db/template-build.ts',
  'db-client': 'src/db/client.ts',
  ingestion: 'src/domain/ingestion/index.ts',
  integrations: 'src/domain/integrations/index.ts',
  connections: 'src/domain/connections/index.ts',
  shopify: 'src/connectors/shopify/index.ts',
  heap: 'src/cli/heap.ts',
};

/** Bundles BUNDLE_ENTRIES into `dist/app`; returns the number of inputs and of JavaScript outputs. */
export async function bundleServer(root, dist) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: BUNDLE_ENTRIES,
    outdir: path.join(dist, SERVER_BUNDLE_DIR),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Whitespace and syntax only: names stay, so stack traces still name functions (lines and
    // columns need the source map). Smaller sources are less heap: 23 MB instead of 27 MB after
    // loading, and about 20 ms less CPU.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    // CommonJS dependencies call require() for Node's modules; an ES module has none of its own.
    banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module';\nconst require = __svcCreateRequire(import.meta.url);" },
    external: EXTERNAL_PACKAGES,
    logLevel: 'warning',
    metafile: true,
  });
  return { inputs: Object.keys(result.metafile.inputs).length, outputs: Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length };
}

#!/usr/bin/env node
// Bundles the GraphQL playground (GraphiQL 5, React, the Monaco editor and its three web workers)
// into src/http/playground/__generated__/ so that the service serves every byte of it itself and
// the page works with no internet access. Run by `postinstall` (and `npm run build:playground`);
// the output is not committed (about 6 MB minified, see docs/playground.md). Each file gets a
// content hash in its name (served as immutable) and a gzip twin; manifest.json names them.
// When graphiql is not installed (`npm ci --omit=dev`), it says so and exits 0: the service then
// answers /playground with 503 and a message instead of a page.
import { createRequire } from 'node:module';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingPackages, outputsOf, writeManifest } from './bundle-output.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'src/http/playground');
const out = path.join(source, '__generated__');
const require = createRequire(path.join(root, 'package.json'));

const missing = missingPackages(root, ['graphiql', 'react', 'react-dom', 'esbuild']);
if (missing.length) {
  console.warn(`playground: not built (${missing.join(', ')} not installed; they are devDependencies). /playground will answer 503.`);
  process.exit(0);
}

const esbuild = await import('esbuild');
const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  legalComments: 'linked',
  target: ['chrome111', 'firefox115', 'safari16.4'],
  outdir: out,
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.ttf': 'file' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  metafile: true,
};

// The workers first: the page's script needs their (hashed) names. Monaco asks for one by label.
const monacoDir = path.dirname(require.resolve('@graphiql/react'));
const workerSources = {
  editor: 'monaco-editor/esm/vs/editor/editor.worker.js',
  json: 'monaco-editor/esm/vs/language/json/json.worker.js',
  graphql: 'monaco-graphql/esm/graphql.worker.js',
};
const workers = {};
for (const [label, specifier] of Object.entries(workerSources)) {
  const entry = require.resolve(specifier, { paths: [monacoDir] });
  const result = await esbuild.build({ ...common, format: 'iife', entryPoints: { [`${label}.worker`]: entry } });
  workers[label] = outputsOf(result.metafile).script;
}

const page = await esbuild.build({
  ...common,
  format: 'esm',
  entryPoints: { playground: path.join(source, 'client.js') },
  define: { ...common.define, __PLAYGROUND_WORKERS__: JSON.stringify(workers) },
});
const { script, style } = outputsOf(page.metafile);

const { files, bytes, gzipBytes } = writeManifest(out, { script, style, workers });
const mb = (n) => (n / 1024 / 1024).toFixed(2);
console.log(`playground: built ${files.length} files, ${mb(bytes)} MB (${mb(gzipBytes)} MB gzip) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

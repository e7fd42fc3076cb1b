#!/usr/bin/env node
// Bundles the dashboard (dashboard/src: Preact, uPlot, the graphql-ws client and our styles) into
// src/http/dashboard/__generated__/, served by src/http/dashboard.ts at /dashboard. Run by
// `postinstall` and `npm run build:dashboard`; the output is not committed. One script and one
// stylesheet, content-hashed names (served as immutable), gzip twins and manifest.json.
// When the UI packages are not installed (`npm ci --omit=dev`), it says so and exits 0: the
// service then answers /dashboard with 503 and a message instead of the app.
// The bundle is made in a folder of its own and replaces the output only when a byte differs: a
// rebuild of unchanged sources (the browser tests make one before they start) leaves the files and
// their times alone, so dist/ stays current (scripts/build.mjs compares times) and a server
// reading the bundle meanwhile never sees it half-written.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingPackages, outputsOf, replaceIfChanged, writeManifest } from './bundle-output.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'src/http/dashboard/__generated__');

const missing = missingPackages(root, ['preact', 'uplot', 'esbuild']);
if (missing.length) {
  console.warn(`dashboard: not built (${missing.join(', ')} not installed; they are devDependencies). /dashboard will answer 503.`);
  process.exit(0);
}

const esbuild = await import('esbuild');
const started = Date.now();
const staging = `${out}.${process.pid}.tmp`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });

const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { dashboard: path.join(root, 'dashboard/src/main.tsx') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['chrome111', 'firefox115', 'safari16.4'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  tsconfig: path.join(root, 'dashboard/tsconfig.json'),
  outdir: staging,
  entryNames: '[name]-[hash]',
  legalComments: 'linked',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  metafile: true,
});
const { script, style } = outputsOf(result.metafile);
const { files, bytes, gzipBytes } = writeManifest(staging, { script, style });
const changed = replaceIfChanged(staging, out);
const kb = (n) => (n / 1024).toFixed(1);
console.log(
  `dashboard: built ${files.length} files, ${kb(bytes)} KB (${kb(gzipBytes)} KB gzip) in ${((Date.now() - started) / 1000).toFixed(1)} s${changed ? '' : ', unchanged (output left as it was)'}`,
);

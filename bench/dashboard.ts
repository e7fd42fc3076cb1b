// bench/dashboard: Debian's Chromium (playwright-core) loading the dashboard's overview on the demo
// store, signed in as its owner, through the real HTTP app on the embedded database (PGlite).
// Reports the time from navigation start until every KPI card and the profit chart are drawn (the
// page's `dashboard:kpis-drawn` and `dashboard:chart-drawn` performance marks), p50 and max of
// --runs warm loads (after --warmup loads), against a baseline measured in the same run: the
// overview's one GraphQL request alone, sent by Node with the same cookie (p50 of as many
// requests). Also the bundle's size (script and stylesheet, gzip) and the machine's load average.
// No pass/fail: figures to read (docs/dashboard.md keeps the last ones). Target: under 1 s, bundle under 200 KB gzip.
//   npm run bench:dashboard -- [--runs 10] [--warmup 2]
import { readFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { databaseTargets } from '../test/helpers/databases.ts';
import { startTestApp } from '../test/helpers/app.ts';
import { prepareDemoStore } from '../test/dashboard/demo-store.ts';
import { CHROMIUM } from '../test/dashboard/browser.ts';
import { createDashboardUser } from '../src/domain/users/index.ts';
import { projectRoot } from '../src/paths.ts';

// Browser globals of the page functions (bench TypeScript has no DOM lib).
declare const window: { performance: { getEntriesByName(name: string): Array<{ startTime: number }> } };

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, warmup: { type: 'string', default: '2' } } });
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
if (!CHROMIUM) {
  console.error('bench/dashboard needs Chromium at /usr/bin/chromium (apt-get install chromium)');
  process.exit(1);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'src/http/dashboard/__generated__/manifest.json'), 'utf8')) as {
  script: string;
  style: string;
  bytes: number;
};
const gzipSize = (file: string) => readFileSync(path.join(projectRoot, 'src/http/dashboard/__generated__', `${file}.gz`)).length;
const bundleGzip = gzipSize(manifest.script) + gzipSize(manifest.style);

const database = await databaseTargets()[0]!.create();
// Budgets out of the way: the bench loads the overview (about 200 cost points) many times a second.
const app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000', GRAPHQL_COST_BUCKET_SIZE: '100000', GRAPHQL_COST_RESTORE_RATE: '100000' });
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  const seedStarted = performance.now();
  const accountId = await prepareDemoStore(app.db.prisma, app.services);
  const password = 'bench owner passphrase';
  await createDashboardUser(app.db.prisma, { accountId, email: 'owner@bench.example', role: 'owner', password });
  console.log(`demo store ready in ${ms(performance.now() - seedStarted)}`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const login = await context.request.post(`${app.url}/auth/login`, { data: { email: 'owner@bench.example', password } });
  if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const page = await context.newPage();

  const loads: number[] = [];
  let overviewQuery = '';
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.postData()?.includes('query Overview')) overviewQuery = request.postData()!;
  });
  for (let i = 0; i < WARMUP + RUNS; i++) {
    await page.goto(`${app.url}/dashboard`);
    await page.locator('.kpis[data-ready="true"]').waitFor();
    await page.locator('[data-chart][data-drawn="true"]').waitFor();
    const drawn = await page.evaluate(() =>
      Math.max(...['dashboard:kpis-drawn', 'dashboard:chart-drawn'].map((name) => window.performance.getEntriesByName(name)[0]?.startTime ?? Infinity)),
    );
    if (i >= WARMUP) loads.push(drawn);
  }

  // Baseline: the same GraphQL request (the overview's one), from Node with the same cookie.
  const api: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', cookie },
      body: overviewQuery,
    });
    const body = (await res.json()) as { errors?: unknown };
    if (body.errors) throw new Error(`overview query failed: ${JSON.stringify(body.errors)}`);
    if (i >= WARMUP) api.push(performance.now() - started);
  }

  const [one, five, fifteen] = loadavg();
  console.log(`machine: ${cpus().length} cores, load average ${one!.toFixed(2)} / ${five!.toFixed(2)} / ${fifteen!.toFixed(2)} (1/5/15 min)`);
  console.log(`overview drawn (KPIs and chart), ${RUNS} warm loads: p50 ${ms(median(loads))}, max ${ms(Math.max(...loads))} (target: under 1 s)`);
  console.log(`baseline, the overview's GraphQL request alone: p50 ${ms(median(api))}; page / request: ${(median(loads) / median(api)).toFixed(2)}`);
  console.log(
    `bundle: ${(bundleGzip / 1024).toFixed(1)} KB gzip (script ${(gzipSize(manifest.script) / 1024).toFixed(1)} KB, stylesheet ${(gzipSize(manifest.style) / 1024).toFixed(1)} KB; ${(manifest.bytes / 1024).toFixed(1)} KB minified) (aim: under 200 KB)`,
  );
} finally {
  await browser.close();
  await app.close();
  await database.close();
}

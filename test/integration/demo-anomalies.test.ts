// The demo store's anomalies and insights as a newcomer first sees them: the real `svc start`
// process on a fresh embedded data directory, its first job run, then the v1 API. An anomaly is
// about a metric on a day: stored once, whatever the runs; the fixed monthly costs are spread over
// the days (no margin alarm on the 1st); insight titles name the metric and the day in words.
import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { svcBackground, CLI_TEST_TIMEOUT_MS } from '../helpers/cli.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const READY = /first job run finished \((\d+) runs(, \d+ failed: see the log)?\): the demo data is ready/;
const BANNER = /API status\s+(http:\/\/\S+)\/api\/v1\/status/;
const KEY = /Demo API key (\S+)\s+\(scopes/;
/** A day in words, as titles name it: "Tue 3 Nov 2026". */
const DAY_WORDS = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/;

let dir: string;
let base: string;
let key: string;
let server: ReturnType<typeof svcBackground>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'svc-demo-anomalies-'));
  server = svcBackground(['start'], { DATA_DIR: path.join(dir, 'data'), PORT: '0', JOBS_ENABLED: 'true' }, READY);
  const output = await server.started;
  expect(READY.exec(output)![2]).toBeUndefined(); // no job failed
  base = BANNER.exec(output)![1]!;
  key = KEY.exec(output)![1]!;
});
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

async function get<T>(route: string): Promise<T> {
  const res = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

interface V1Anomaly {
  id: number;
  metric: string;
  observed_on: string;
  direction: string;
  severity: string;
  inferred_cause: string;
  correlated_metrics: unknown[];
}

test('a fresh demo start stores each anomaly once per metric and day, and none for the recorded monthly costs', async () => {
  const { data } = await get<{ data: V1Anomaly[] }>('/api/v1/anomalies?days=90');
  expect(data.length).toBeGreaterThan(0);
  const perDay = new Map<string, number>();
  for (const a of data) perDay.set(`${a.metric} ${a.observed_on}`, (perDay.get(`${a.metric} ${a.observed_on}`) ?? 0) + 1);
  console.log(
    `demo store: ${data.length} anomalies for ${perDay.size} (metric, day) pairs; by metric: ${JSON.stringify(Object.fromEntries([...new Set(data.map((a) => a.metric))].map((m) => [m, data.filter((a) => a.metric === m).length])))}`,
  );
  expect([...perDay].filter(([, n]) => n > 1)).toEqual([]);
  // The fixed costs are recurring and spread: no margin anomaly on the first day of a month.
  expect(data.filter((a) => a.metric === 'margin_pct' && a.observed_on.endsWith('-01')).map((a) => a.observed_on)).toEqual([]);
  // A univariate anomaly's cause names the metric and the day in words.
  for (const a of data.filter((a) => a.correlated_metrics.length === 0)) {
    expect(a.inferred_cause).toMatch(DAY_WORDS);
    expect(a.inferred_cause).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  }
});

test('every day carries its share of the monthly costs (11,880 a month), none the whole month', async () => {
  const { data } = await get<{ data: Array<{ snapshot_date: string; extra_expenses: number }> }>('/api/v1/profit?days=60');
  expect(data).toHaveLength(60);
  // 11,880 / 31 = 383.23 a day at least (in whole cents per expense), and far from 11,880 on a 1st.
  for (const day of data) expect(day.extra_expenses).toBeGreaterThanOrEqual(383.2);
  expect(data.filter((d) => d.snapshot_date.endsWith('-01')).every((d) => d.extra_expenses < 11_880)).toBe(true);
});

test('one insight per anomaly, its title naming the metric and the day in words', async () => {
  const { data } = await get<{ data: Array<{ title: string; category: string; body: string }> }>('/api/v1/insights?limit=100');
  const aboutAnomalies = data.filter((i) => i.category === 'anomaly' || DAY_WORDS.test(i.title));
  expect(aboutAnomalies.length).toBeGreaterThan(0);
  for (const insight of data) expect(insight.title).not.toMatch(/\b[a-z]+_[a-z_]+\b|moved (up|down)/);
  for (const insight of data.filter((i) => i.category === 'anomaly')) expect(insight.title).toMatch(DAY_WORDS);
  const titles = data.map((i) => i.title);
  expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
});

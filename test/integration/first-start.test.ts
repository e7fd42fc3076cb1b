// A newcomer's first run, through the real entry point: one `svc start` on a fresh embedded data
// directory (no WEBHOOK_SECRET_KEY, no SESSION_SECRET: both keys are generated into DATA_DIR) and
// its first job run, then:
// - the demo store's anomalies and insights as the v1 API shows them (issue 23 item 3): an anomaly
//   is about a metric on a day, stored once; the fixed monthly costs are spread over the days (no
//   margin alarm on the 1st); insight titles name the metric and the day in words;
// - a webhook subscribed to a local HTTPS receiver, events raised through the API (a dashboard
//   session's GraphQL mutation) and through the CLI, each delivered signed (issue 23 item 1: the
//   dispatcher of `svc start` was handed the environment's configuration, without the generated
//   key, and never delivered);
// - then `svc serve` with a `svc worker` beside it on the same directory: the session issued by the
//   first process still holds (the session key is the directory's), and the worker delivers with
//   the key the API sealed the secret with.
// - its progress lines, banner and private files, and a warm second `svc start` that makes nothing.
// One `svc start` for the file: each first start seeds and runs every job once, the costly part.
import { afterAll, beforeAll, expect, jest, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI_TEST_TIMEOUT_MS, svc, svcBackground } from '../helpers/cli.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver } from '../webhooks/helpers/receiver.ts';
import { until } from '../webhooks/helpers/until.ts';

jest.setTimeout(2 * CLI_TEST_TIMEOUT_MS);

const KEY_LINE = /Demo API key (svc_test_\S+)/;
const DEMO_KEY_LINE = /Demo API key (svc_test_\S+)\s+\(scopes read, write(, created now)?\)/;
const DASHBOARD_LINE = /^dashboard: (http:\/\/\S+)\/dashboard {2}\(sign in as (\S+) \/ (\S+)\)$/m;
const READY = /first job run finished \((\d+) runs(, \d+ failed: see the log)?\): the demo data is ready/;
/** A day in words, as titles name it: "Tue 3 Nov 2026". */
const DAY_WORDS = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/;
const SERVE_BANNER = /API status\s+(http:\/\/\S+)\/api\/v1\/status/;
const DELIVERY_DEADLINE_MS = 120_000; // seconds on a quiet machine; generous for a loaded one

let root: string;
let dataDir: string;
let cert: Certificate;
let receiver: Receiver;
let env: Record<string, string>;
let secret: string;
let cookie: string;
let apiKey: string;
let start: ReturnType<typeof svcBackground>;
let base: string;
let email: string;
let password: string;
let firstOutput: string;
let session: unknown;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'svc-first-start-'));
  dataDir = path.join(root, 'data'); // does not exist yet, as on a fresh clone
  cert = makeCertificate();
  receiver = await startReceiver(cert);
  // Only what lets the dispatcher reach a local test receiver; no key of any kind.
  env = { DATA_DIR: dataDir, PORT: '0', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost', WEBHOOK_EXTRA_CA_FILE: cert.certFile };
  start = svcBackground(['start'], { ...env, JOBS_ENABLED: 'true' }, READY);
  const output = await start.started;
  firstOutput = output;
  // No job failed; if one did, the failure shows the process's log (which job, and why).
  if (READY.exec(output)![2]) throw new Error(`the first job run of svc start had a failure:\n${output}`);
  apiKey = KEY_LINE.exec(output)![1]!;
  [, base, email, password] = DASHBOARD_LINE.exec(output)! as unknown as [string, string, string, string];
});
afterAll(async () => {
  if (start && start.child.exitCode === null) {
    start.child.kill('SIGTERM');
    await start.exited;
  }
  await receiver?.close();
  cert?.remove();
  rmSync(root, { recursive: true, force: true });
});

/** The requests to `path` carrying `event`, each checked against the subscription's secret. */
function deliveredEvents(to: string, event: string) {
  return receiver
    .requestsTo(to)
    .filter((request) => (JSON.parse(request.rawBody.toString()) as { event: string }).event === event)
    .map((request) => {
      const verified = verifyWebhook({
        secret,
        rawBody: request.rawBody,
        signature: request.headers['x-service-signature'],
        timestamp: request.headers['x-service-timestamp'],
      });
      expect(verified).toMatchObject({ ok: true });
      return JSON.parse(request.rawBody.toString()) as { event: string; data: Record<string, unknown> };
    });
}

/** Waits until `count` requests to `to` carry `event` (a deadline, never a duration asserted). */
const waitForEvent = (to: string, event: string, count: number) =>
  until(`${count} ${event} delivered to ${to}`, () => deliveredEvents(to, event).length >= count, DELIVERY_DEADLINE_MS);

/**
 * fetch, again after the documented Retry-After while the answer is 503 no_db: on a loaded machine
 * the embedded database's one session can be busy with the first job run past the pool's wait.
 */
async function fetchRetrying(url: string, init: RequestInit = {}): Promise<Response> {
  const deadline = Date.now() + DELIVERY_DEADLINE_MS;
  for (;;) {
    const res = await fetch(url, init);
    if (res.status !== 503 || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  }
}

/** `svc ai resume` for the demo account, again while it answers that the database is busy (no_db). */
async function resumeThroughCli(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const result = await svc(['ai', 'resume', '--account', 'acc_demo'], env);
    if (result.code === 0) return;
    if (attempt === 5 || !/no_db|database/i.test(result.stdout + result.stderr))
      throw new Error(`svc ai resume: exit ${result.code}\n${result.stdout}${result.stderr}`);
  }
}

const graphqlWith = (url: string, cookie: string, query: string) =>
  fetchRetrying(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'apollo-require-preflight': '1' },
    body: JSON.stringify({ query }),
  });

test('svc start: progress while it makes the database and seeds, the banner, a line when the first job run is done, a private demo key created now', () => {
  const lines = firstOutput.split('\n');
  const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
  const created = at(/^database: (created in .+ from the prepared template|creating the embedded database in .+ \(first start\))$/);
  const orders = lines.filter((line) => /^seeding demo store: [\d,]+\/[\d,]+ orders$/.test(line));
  const banner = at(/API status\s+http:/);
  expect(created).toBeGreaterThanOrEqual(0);
  expect(orders.length).toBeGreaterThan(1);
  expect(orders.at(-1)).toMatch(/: ([\d,]+)\/\1 orders$/); // the last batch completes the count
  expect(at(/^seeding demo store: ([\d,]+)\/\1 order items$/)).toBeLessThan(banner);
  expect(created).toBeLessThan(at(/^seeding demo store: /));
  expect(banner).toBeLessThan(at(/^first job run: computing/));
  expect(Number(READY.exec(firstOutput)![1])).toBeGreaterThan(0);
  const [, key, createdNow] = DEMO_KEY_LINE.exec(firstOutput)!;
  expect(key).toBe(apiKey);
  expect(createdNow).toBe(', created now');
  expect(key).toMatch(/^svc_test_[0-9A-Za-z]{30}$/);
  expect(email).toBe('owner@demo.example');
});

const PAUSE = 'mutation { pauseAiAccess(input: { reason: "first start" }) { userErrors { code } aiAccess { state } } }';

async function get<T>(route: string): Promise<T> {
  const res = await fetchRetrying(`${base}${route}`, { headers: { authorization: `Bearer ${apiKey}` } });
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

test('svc start on a fresh data directory delivers events raised through the API and the CLI', async () => {
  const url = base;
  try {
    const created = await fetchRetrying(`${url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url('/first'), events: ['ai.paused', 'ai.resumed'] }),
    });
    expect(created.status).toBe(200);
    secret = ((await created.json()) as { secret: string }).secret;

    // Through the API: a dashboard session (signed with the generated session key) pauses AI access.
    const signedIn = await fetchRetrying(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signedIn.status).toBe(200);
    session = await signedIn.json();
    cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const paused = await graphqlWith(url!, cookie, PAUSE);
    expect(await paused.json()).toMatchObject({ data: { pauseAiAccess: { userErrors: [], aiAccess: { state: 'paused' } } } });
    await waitForEvent('/first', 'ai.paused', 1);

    // Through the CLI, a second process on the same data directory (through the running server).
    await resumeThroughCli();
    await waitForEvent('/first', 'ai.resumed', 1);
    expect(deliveredEvents('/first', 'ai.paused')[0]!.data).toMatchObject({ reason: 'first start' });
    expect(start.output()).not.toContain('no WEBHOOK_SECRET_KEY is configured');
  } finally {
    start.child.kill('SIGTERM');
  }
  expect(await start.exited).toBe(0);
});

test('the data directory keeps the generated secrets private; the demo owner signs in without a password change', async () => {
  const keyFile = path.join(dataDir, 'demo-api-key');
  expect(readFileSync(keyFile, 'utf8').trim()).toBe(apiKey);
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  for (const file of ['demo-dashboard-password', 'session-secret.key', 'webhook-secret.key'])
    expect(statSync(path.join(dataDir, file)).mode & 0o777).toBe(0o600);
  expect(session).toMatchObject({ user: { email, role: 'owner', mustChangePassword: false } });
});

test('svc serve with svc worker beside it: the first session still holds and the worker delivers', async () => {
  expect(secret).toBeDefined(); // the subscription of the first test
  const serve = svcBackground(['serve'], env, SERVE_BANNER);
  let worker: ReturnType<typeof svcBackground> | null = null;
  try {
    const url = SERVE_BANNER.exec(await serve.started)![1]!;
    worker = svcBackground(['worker'], env, /delivering webhooks/);
    await worker.started;

    // The cookie issued by `svc start` is verified by `svc serve` with the same generated key.
    const session = await fetchRetrying(`${url}/auth/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    const paused = await graphqlWith(url, cookie, PAUSE);
    expect(await paused.json()).toMatchObject({ data: { pauseAiAccess: { userErrors: [], aiAccess: { state: 'paused' } } } });
    await waitForEvent('/first', 'ai.paused', 2);
    await resumeThroughCli();
    await waitForEvent('/first', 'ai.resumed', 2);

    const deliveries = await fetchRetrying(`${url}/api/v1/webhooks/deliveries?limit=100`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(deliveries.status).toBe(200);
    const body = (await deliveries.json()) as { data: { status: string; attempts: number }[] };
    expect(body.data.length).toBeGreaterThanOrEqual(4);
    // Every delivery arrived (one sent as `svc start` stopped may have needed a second attempt from the worker).
    for (const delivery of body.data) expect(delivery).toMatchObject({ status: 'delivered' });
    expect(worker.output()).not.toContain('no WEBHOOK_SECRET_KEY is configured');
  } finally {
    worker?.child.kill('SIGTERM');
    serve.child.kill('SIGTERM');
  }
  if (worker) expect(await worker.exited).toBe(0);
  expect(await serve.exited).toBe(0);
});

test('a second svc start on the same directory makes nothing and prints the same demo key and password', async () => {
  const again = svcBackground(['start'], { ...env, JOBS_ENABLED: 'false' }, DASHBOARD_LINE);
  try {
    const output = await again.started;
    const [, printed, createdNow] = DEMO_KEY_LINE.exec(output)!;
    expect(printed).toBe(apiKey);
    expect(createdNow).toBeUndefined();
    expect(DASHBOARD_LINE.exec(output)?.[3]).toBe(password);
    expect(output).not.toMatch(/^(database|seeding demo store):/m); // nothing to make on a warm start
  } finally {
    again.child.kill('SIGTERM');
  }
  expect(await again.exited).toBe(0);
  expect(statSync(path.join(dataDir, 'demo-api-key')).mode & 0o777).toBe(0o600);
});

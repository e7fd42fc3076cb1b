// Issue 23 item 2: a secret shown once (a new API key, a webhook signing secret, a rotated one, a
// dashboard user's one-time password) is kept by the service only hashed or sealed, so it must not
// be anywhere else in plain text: not in a kept Idempotency-Key answer, not in the log. The real
// `svc serve` process on each database, driven over HTTP (REST and GraphQL, API key and dashboard
// session), with and without Idempotency-Key; a keyed request's replay is the same answer. Then the
// whole database is searched for every secret: on PostgreSQL every row of every table (as text,
// and its bytea as hex), on the embedded database every byte of the data directory's files after a
// clean stop (its checkpoint writes out what was in memory). The process's log is searched too.
import { jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLI_TEST_TIMEOUT_MS, svcBackground } from '../helpers/cli.ts';
import { databaseTargets, describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { startTracing, type Tracing } from '../../src/observability/tracing.ts';
import { cookieGraphql, cookieOf, dashboardEnv, signedInUser } from '../helpers/dashboard.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { idempotencyService } from '../../src/domain/idempotency/index.ts';
import { createDashboardUser } from '../../src/domain/users/index.ts';
import { connectDatabase } from '../../src/db/database.ts';
import type { PrismaClient } from '../../src/db/client.ts';
import { openCore } from '../../src/main.ts';
import { SEALED_PREFIX, secretBox } from '../../src/domain/webhooks/secret-box.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const BANNER = /API status\s+(http:\/\/\S+)\/api\/v1\/status/;
const NEW_PASSWORD = `new-password-${randomBytes(8).toString('hex')}`;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/** The secrets found in some file under `dir`, with the file. */
function secretsInFiles(dir: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const bytes = readFileSync(file);
    for (const secret of secrets) if (bytes.includes(secret)) found.push(`${secret} in ${path.relative(dir, file)}`);
  }
  return found;
}

/** The secrets found in some row of some table of the database (each row as text; bytea shows as hex there). */
async function secretsInRows(connectionString: string, secrets: readonly string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.rows.map((t) => t.name)).toEqual(expect.arrayContaining(['idempotency_keys', 'api_keys', 'webhook_subscriptions']));
    const needles = secrets.flatMap((s) => [s, Buffer.from(s).toString('hex')]);
    const found: string[] = [];
    for (const { schema, name } of tables.rows) {
      const table = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
      const hits = await client.query<{ s: string }>(
        `SELECT s FROM unnest($1::text[]) s WHERE EXISTS (SELECT 1 FROM ${table} r WHERE strpos(r::text, s) > 0)`,
        [needles],
      );
      found.push(...hits.rows.map((h) => `${h.s} in ${table}`));
    }
    return found;
  } finally {
    await client.end();
  }
}

interface Served {
  url: string;
  log(): string;
  stop(): Promise<void>;
}

/** `svc serve` with `env`; its whole output (the pino log on stderr) is kept. */
async function serve(env: Record<string, string>): Promise<Served> {
  const server = svcBackground(['serve'], { ...env, PORT: '0', LOG_LEVEL: 'debug', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost' }, BANNER);
  const url = BANNER.exec(await server.started)![1]!;
  let stopped: Promise<void> | null = null;
  return {
    url,
    log: server.output,
    stop() {
      stopped ??= (async () => {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      })();
      return stopped;
    },
  };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Creates every kind of one-time secret over HTTP, each without and with an Idempotency-Key, and
 * replays the keyed ones. Returns every secret the service showed (and the passwords it was given).
 */
async function createSecrets(url: string, accountId: string, oneTimePassword: string): Promise<string[]> {
  const secrets = [oneTimePassword, NEW_PASSWORD];
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `owner-${accountId}@example.com`, password: oneTimePassword }),
  });
  expect(login.status).toBe(200);
  const changed = await fetch(`${url}/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieOf(login)!, 'apollo-require-preflight': '1' },
    body: JSON.stringify({ currentPassword: oneTimePassword, newPassword: NEW_PASSWORD }),
  });
  expect(changed.status).toBe(200);
  const session = { cookie: cookieOf(changed)!, 'apollo-require-preflight': '1' };

  /** POSTs once, or twice with a fresh Idempotency-Key (the second must replay the first answer to the byte). */
  async function post(pathname: string, headers: Record<string, string>, body: unknown, keyed: boolean): Promise<Json> {
    const send = () =>
      fetch(`${url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers, ...(keyed ? { 'idempotency-key': idempotencyKey } : {}) },
        body: JSON.stringify(body),
      });
    const idempotencyKey = randomUUID();
    const first = await send();
    const text = await first.text();
    expect(first.status).toBe(200);
    if (keyed) {
      const again = await send();
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(text);
    }
    return JSON.parse(text) as Json;
  }
  const gql = (headers: Record<string, string>, query: string, variables: Json, keyed: boolean) =>
    post('/graphql', headers, { query, variables }, keyed).then((r) => {
      expect(r.errors).toBeUndefined();
      return r.data as Json;
    });

  const createKey = 'mutation($name: String) { createApiKey(input: { scopes: [read, write], name: $name }) { key apiKey { id } userErrors { code } } }';
  const createHook = 'mutation($url: String!) { createWebhook(input: { url: $url }) { secret webhook { id legacyId } userErrors { code } } }';
  const rotate = 'mutation($id: ID!) { rotateWebhookSecret(input: { id: $id }) { secret userErrors { code } } }';
  const addUser = 'mutation($email: String!) { createDashboardUser(input: { email: $email }) { oneTimePassword userErrors { code } } }';

  const apiKey = (await gql(session, createKey, { name: 'plain' }, false)).createApiKey.key as string;
  const keyedApiKey = (await gql(session, createKey, { name: 'keyed' }, true)).createApiKey.key as string;
  expect(keyedApiKey).toMatch(/^svc_test_/);
  secrets.push(apiKey, keyedApiKey);
  const bearer = { authorization: `Bearer ${apiKey}` };

  for (const keyed of [false, true]) {
    const rest = await post('/api/v1/webhooks', bearer, { url: `https://localhost/rest-${keyed}` }, keyed);
    const graphql = (await gql(bearer, createHook, { url: `https://localhost/graphql-${keyed}` }, keyed)).createWebhook;
    const restRotated = await post(`/api/v1/webhooks/${rest.id}/rotate-secret`, bearer, {}, keyed);
    const graphqlRotated = (await gql(bearer, rotate, { id: graphql.webhook.id }, keyed)).rotateWebhookSecret;
    const user = (await gql(session, addUser, { email: `member-${keyed}-${accountId}@example.com` }, keyed)).createDashboardUser;
    for (const secret of [rest.secret, graphql.secret, restRotated.secret, graphqlRotated.secret]) expect(secret).toMatch(/^whsec_/);
    expect(user.oneTimePassword).toMatch(/^[A-Za-z0-9]{16}$/);
    secrets.push(rest.secret, graphql.secret, restRotated.secret, graphqlRotated.secret, user.oneTimePassword);
  }
  return secrets;
}

/** An account and its owner with a one-time password (what `svc users create` makes), written in this process. */
async function operatorSetup(prisma: PrismaClient): Promise<{ accountId: string; password: string }> {
  const account = await makeAccount(prisma, { name: 'Secret Store' });
  const { oneTimePassword } = await createDashboardUser(prisma, { accountId: account.id, email: `owner-${account.id}@example.com`, role: 'owner' });
  return { accountId: account.id, password: oneTimePassword! };
}

describe('one-time secrets are nowhere in plain text [pglite: the data directory files]', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'svc-secrets-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('keyed and unkeyed creations, replays; then every file and the log', async () => {
    // No WEBHOOK_SECRET_KEY: the embedded database's key file seals, as on a newcomer's machine.
    const env = { DATA_DIR: dataDir, DEMO_SEED: 'false' };
    // The data directory made and migrated as a first start does, the account written, then closed for `svc serve`.
    const core = await openCore(testConfig(env), { migrate: 'always', exclusive: true });
    const { accountId, password } = await operatorSetup(core.db.prisma).finally(() => core.close());
    const server = await serve(env);
    let secrets: string[];
    try {
      secrets = await createSecrets(server.url, accountId, password);
    } finally {
      await server.stop();
    }
    expect(secretsInFiles(dataDir, secrets)).toEqual([]);
    expect(secrets.filter((s) => server.log().includes(s))).toEqual([]);
    // The log was captured (a request line per request), so its search means something.
    expect(server.log()).toContain('request completed');
  });
});

const postgres = databaseTargets().find((t) => t.name === 'postgres');
(postgres ? describe : describe.skip)('one-time secrets are nowhere in plain text [postgres: every row of every table]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgres!.create();
  });
  afterAll(async () => {
    await database?.close();
  });

  test('keyed and unkeyed creations, replays; then every row and the log (WEBHOOK_SECRET_KEY set, as production requires)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-secrets-pg-'));
    try {
      const env = { DATABASE_URL: database.connectionString, DATA_DIR: dataDir, DEMO_SEED: 'false', WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex') };
      const db = await connectDatabase(database.connectionString, 'server', { poolSize: 1 });
      const { accountId, password } = await operatorSetup(db.prisma).finally(() => db.close());
      const server = await serve(env);
      let secrets: string[];
      try {
        secrets = await createSecrets(server.url, accountId, password);
        expect(await secretsInRows(database.connectionString, secrets)).toEqual([]);
      } finally {
        await server.stop();
      }
      expect(secrets.filter((s) => server.log().includes(s))).toEqual([]);
      expect(server.log()).toContain('request completed');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Without any key (development or tests on a server database without WEBHOOK_SECRET_KEY; the
// embedded database always has its key file when the service opens it, so this is the in-process
// app): a kept answer holds null in place of each secret, and its replay says so. With tracing on
// (an in-memory exporter), no span holds a secret either.
describeEachDatabase('one-time secrets without a sealing key', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null = null;
  beforeAll(async () => {
    tracing = await startTracing(testConfig().observability.tracing, exporter);
    database = await target.create();
    app = await startTestApp(database, { ...dashboardEnv(), WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await tracing?.shutdown();
  });

  test('the replay is the first answer with null for the secret; no secret in any row', async () => {
    expect(app.config.webhooks.secretKey).toBeNull();
    const account = await makeAccount(app.db.prisma);
    const owner = await signedInUser(app, account.id, 'owner');
    const idempotencyKey = randomUUID();
    const createKey = () =>
      cookieGraphql(app, owner.cookie, 'mutation { createApiKey(input: { scopes: [read, write] }) { key apiKey { id name } } }', {
        'apollo-require-preflight': '1',
        'idempotency-key': idempotencyKey,
      });
    const first = (await readJson(await createKey())) as Json;
    const key = first.data.createApiKey.key as string;
    expect(key).toMatch(/^svc_test_/);
    const replay = await createKey();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await readJson(replay)).toEqual({ ...first, data: { createApiKey: { ...first.data.createApiKey, key: null } } });

    const hook = () =>
      fetch(`${app.url}/api/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ url: 'https://localhost/no-key' }),
      });
    const created = (await readJson(await hook())) as Json;
    expect(created.secret).toMatch(/^whsec_/);
    expect(await readJson(await hook())).toEqual({ ...created, secret: null });

    // The subscription's own secret is stored as given without a key (docs/webhooks.md); the kept answer must not add a copy.
    const stored = await app.db.prisma.$queryRaw<Array<{ body: string }>>`SELECT body FROM idempotency_keys WHERE key = ${idempotencyKey}`;
    expect(stored).toHaveLength(2);
    for (const row of stored) expect([key, created.secret].some((s) => row.body.includes(s))).toBe(false);
    expect(await secretsInRows(database.connectionString, [key])).toEqual([]);

    // Answers kept before sealing existed are sealed at the next start that has a key, and open to what they were.
    const box = secretBox(randomBytes(32));
    const sealer = idempotencyService(app.db.prisma, { secrets: box });
    expect(await sealer.sealStoredAnswers()).toBeGreaterThanOrEqual(2);
    const resealed = await app.db.prisma.$queryRaw<Array<{ body: string }>>`SELECT body FROM idempotency_keys WHERE key = ${idempotencyKey} ORDER BY scope`;
    expect(resealed.every((row) => row.body.startsWith(SEALED_PREFIX))).toBe(true);
    expect(resealed.map((row) => box.open(row.body)).sort()).toEqual(stored.map((row) => row.body).sort());
    expect(await sealer.sealStoredAnswers()).toBe(0);

    const spans = exporter.getFinishedSpans();
    expect(spans.some((span) => span.name === 'POST /graphql')).toBe(true);
    const traced = JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status })));
    expect([key, created.secret].filter((secret) => traced.includes(secret))).toEqual([]);
  });
});

// The svc command as an operator uses it: JSON output, exit codes, usage, the embedded database
// shared with a running server instead of opened twice, a stale lock. (The first `svc start` on a fresh directory, its progress, demo key and warm restart: first-start.test.ts.)
import { jest } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { svc, svcBackground, CLI_TEST_TIMEOUT_MS } from '../helpers/cli.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

let dataDir: string;
const env = () => ({ DATA_DIR: dataDir });
const extraDirs: string[] = [];

/** Another data directory, for a test that must not share the suite's one. */
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'svc-cli-'));
  extraDirs.push(dir);
  return dir;
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'svc-cli-'));
});
afterAll(() => {
  for (const dir of [dataDir, ...extraDirs]) rmSync(dir, { recursive: true, force: true });
});

const BANNER = /API status\s+(http:\/\/\S+)\/api\/v1\/status/;

function onlyJson(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

test('accounts and keys: create, list and revoke, with --json printing one object only', async () => {
  const account = await svc(['accounts', 'create', '--name', 'Acme Ltd', '--plan', 'starter', '--json'], env());
  expect(account.code).toBe(0);
  const acc = onlyJson(account.stdout);
  expect(acc).toMatchObject({ id: expect.stringMatching(/^acc_[0-9a-z]{16}$/), name: 'Acme Ltd', plan: 'starter' });

  const created = await svc(['keys', 'create', '--account', String(acc.id), '--scopes', 'read,write', '--live', '--expires', '2099-01-01', '--json'], env());
  expect(created.code).toBe(0);
  const key = onlyJson(created.stdout);
  expect(key.key).toMatch(/^svc_live_[0-9A-Za-z]{30}$/);
  expect(key).toMatchObject({ account_id: acc.id, environment: 'live', scopes: ['read', 'write'], expires_at: '2099-01-01T00:00:00.000Z' });

  const listed = onlyJson((await svc(['keys', 'list', '--account', String(acc.id), '--json'], env())).stdout) as { keys: Array<Record<string, unknown>> };
  expect(listed.keys).toHaveLength(1);
  expect(listed.keys[0]).toMatchObject({ id: key.id, prefix: key.prefix, status: 'active' });
  expect(JSON.stringify(listed)).not.toContain(String(key.key)); // the full key is never shown again

  const revoked = await svc(['keys', 'revoke', String(key.prefix), '--json'], env());
  expect(revoked.code).toBe(0);
  expect(onlyJson(revoked.stdout)).toMatchObject({ id: key.id, already_revoked: false });
  const after = onlyJson((await svc(['keys', 'list', '--json'], env())).stdout) as { keys: Array<Record<string, unknown>> };
  expect(after.keys.find((k) => k.id === key.id)?.status).toBe('revoked');
});

test('no arguments: usage on stderr and exit 2; --help and help: usage on stdout and exit 0', async () => {
  const none = await svc([], env());
  expect(none.code).toBe(2);
  expect(none.stdout).toBe('');
  expect(none.stderr).toContain('usage: svc');

  for (const args of [['--help'], ['help'], ['keys', 'create', '--help']]) {
    const help = await svc(args, env());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: svc');
    expect(help.stderr).toBe('');
  }
});

test('with --json a usage error is one JSON line on stdout (exit 2), the usage text on stderr', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['accounts', 'create', '--name', 'x', '--colour', 'red', '--json'], /colour/],
    [['keys', 'create', '--scopes', 'read', '--json'], /--account is required/],
    [['frobnicate', '--json'], /unknown command/],
    [['keys', 'revoke', '--json'], /expected 1 argument/],
  ];
  for (const [args, message] of cases) {
    const result = await svc(args, env());
    expect(result.code).toBe(2);
    const body = onlyJson(result.stdout);
    expect(body).toEqual({ error: 'invalid_arguments', message: expect.stringMatching(message) });
    expect(result.stderr).toContain('usage: svc');
  }
});

test('bad arguments exit 2 with usage; domain errors exit 1 with a clear message', async () => {
  const unknown = await svc(['frobnicate'], env());
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('unknown command');

  const badOption = await svc(['accounts', 'create', '--name', 'x', '--colour', 'red'], env());
  expect(badOption.code).toBe(2);
  expect(badOption.stdout).toBe('');
  expect(badOption.stderr).toMatch(/colour/);
  expect(badOption.stderr).toContain('usage: svc');

  const missing = await svc(['keys', 'create', '--scopes', 'read'], env());
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('--account is required');

  const badScope = await svc(['keys', 'create', '--account', 'acc_nope', '--scopes', 'admin', '--json'], env());
  expect(badScope.code).toBe(1);
  expect(onlyJson(badScope.stdout)).toMatchObject({ error: 'invalid_parameter' });

  const noAccount = await svc(['keys', 'create', '--account', 'acc_nope', '--scopes', 'read'], env());
  expect(noAccount.code).toBe(1);
  expect(noAccount.stderr).toContain('no account acc_nope');

  const badPlan = await svc(['accounts', 'create', '--name', 'x', '--plan', 'platinum'], env());
  expect(badPlan.code).toBe(1);
  expect(badPlan.stderr).toMatch(/plan/);
});

test('an invalid configuration stops with every problem listed and exit code 1', async () => {
  const result = await svc(['serve'], { ...env(), PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://nope' });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('invalid configuration');
  for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL']) expect(result.stderr).toContain(name);
});

test('an unreachable database at start is a clear message and a non-zero exit', async () => {
  const result = await svc(['serve'], { ...env(), DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nothing', PORT: '0' });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('cannot reach the database at 127.0.0.1:1/nothing');
});

test('while serve holds the embedded database: commands go through it, a second serve is refused, SIGTERM closes cleanly', async () => {
  const server = svcBackground(['serve'], { ...env(), PORT: '0', LOG_LEVEL: 'warn' }, BANNER);
  const banner = await server.started;
  const base = BANNER.exec(banner)![1]!;
  try {
    expect(existsSync(path.join(dataDir, 'server.json'))).toBe(true);

    const second = await svc(['serve'], { ...env(), PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/in use by process \d+/);

    const viaServer = await svc(['accounts', 'create', '--name', 'Through the server', '--json'], env());
    expect(viaServer.code).toBe(0);
    const id = onlyJson(viaServer.stdout).id;
    const listed = await svc(['keys', 'create', '--account', String(id), '--scopes', 'read', '--json'], env());
    expect(listed.code).toBe(0);

    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  } finally {
    server.child.kill('SIGTERM');
  }
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('SIGTERM received');
  expect(existsSync(path.join(dataDir, 'embedded.lock'))).toBe(false);
  expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);

  // The data written through the server is in the files afterwards.
  const keys = onlyJson((await svc(['keys', 'list', '--json'], env())).stdout) as { keys: unknown[] };
  expect(keys.keys.length).toBeGreaterThanOrEqual(2);
});

test('migrate create reports no changes when schema.prisma matches the migrations', async () => {
  const result = await svc(['migrate', 'create', 'nothing_to_do', '--json'], env());
  expect(result.code).toBe(0);
  expect(onlyJson(result.stdout)).toEqual({ created: null });
});

test('migrate create never touches DATABASE_URL: it diffs on a scratch in-memory database', async () => {
  // Nothing listens on port 1: reaching for the configured server would fail.
  const result = await svc(['migrate', 'create', 'nothing_to_do', '--json'], { ...env(), DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nothing' });
  expect(result.code).toBe(0);
  expect(onlyJson(result.stdout)).toEqual({ created: null });
});

test(
  'a lock left by a killed server is stale: a new serve on the same DATA_DIR starts and answers',
  async () => {
    const dir = freshDir();
    const first = svcBackground(['serve'], { DATA_DIR: dir, PORT: '0' }, BANNER);
    try {
      await first.started;
    } finally {
      first.child.kill('SIGKILL'); // no cleanup: the lock file and server.json stay behind
    }
    await first.exited;
    expect(existsSync(path.join(dir, 'embedded.lock'))).toBe(true);
    expect(existsSync(path.join(dir, 'server.json'))).toBe(true);

    const second = svcBackground(['serve'], { DATA_DIR: dir, PORT: '0' }, BANNER);
    try {
      const base = BANNER.exec(await second.started)![1]!;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exited).toBe(0);
    expect(existsSync(path.join(dir, 'embedded.lock'))).toBe(false);
  },
  2 * CLI_TEST_TIMEOUT_MS,
);

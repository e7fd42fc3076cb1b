// `svc users create|list` as an operator uses them: the one-time password printed once works for
// a sign-in on the running server, which then requires a password change; bad arguments exit 2.
// The commands run while `svc serve` holds the data directory, so each goes through that server
// (one embedded database opened for the file, not one per command; a command on the files
// themselves: cli.test.ts).
import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { svc, svcBackground, CLI_TEST_TIMEOUT_MS } from '../helpers/cli.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

let dataDir: string;
const env = () => ({ DATA_DIR: dataDir });

const BANNER = /API status\s+(http:\/\/\S+)\/api\/v1\/status/;
let server: ReturnType<typeof svcBackground>;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'svc-cli-users-'));
  server = svcBackground(['serve'], { ...env(), PORT: '0' }, BANNER);
  url = BANNER.exec(await server.started)![1]!;
});
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('users create prints a one-time password that signs in (and must be changed); users list shows the user', async () => {
  const account = JSON.parse((await svc(['accounts', 'create', '--name', 'Ops Store', '--json'], env())).stdout) as { id: string };

  const created = await svc(['users', 'create', '--account', account.id, '--email', 'Ops@Example.com'], env());
  expect(created.code).toBe(0);
  const [password, note] = created.stdout.trim().split('\n');
  expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  expect(note).toContain('ops@example.com, owner');

  const member = await svc(['users', 'create', '--account', account.id, '--email', 'helper@example.com', '--role', 'member', '--json'], env());
  expect(JSON.parse(member.stdout)).toMatchObject({
    email: 'helper@example.com',
    role: 'member',
    one_time_password: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
  });

  const duplicate = await svc(['users', 'create', '--account', account.id, '--email', 'ops@example.com', '--json'], env());
  expect(duplicate.code).toBe(1);
  expect(JSON.parse(duplicate.stdout)).toMatchObject({ error: 'conflict' });
  const badRole = await svc(['users', 'create', '--account', account.id, '--email', 'x@example.com', '--role', 'admin'], env());
  expect(badRole.code).toBe(2);
  const noAccount = await svc(['users', 'create', '--account', 'acc_nope', '--email', 'y@example.com', '--json'], env());
  expect(noAccount.code).toBe(1);
  expect(JSON.parse(noAccount.stdout)).toMatchObject({ error: 'not_found' });

  const listed = JSON.parse((await svc(['users', 'list', '--account', account.id, '--json'], env())).stdout) as { users: Array<Record<string, unknown>> };
  expect(listed.users.map((u) => [u.email, u.role, u.must_change_password])).toEqual([
    ['ops@example.com', 'owner', true],
    ['helper@example.com', 'member', true],
  ]);

  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@example.com', password }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ user: { email: 'ops@example.com', role: 'owner', mustChangePassword: true }, account: { name: 'Ops Store' } });
});

test('svc serve refuses to start in production without SESSION_SECRET, before opening the database', async () => {
  const result = await svc(['serve'], {
    ...env(),
    NODE_ENV: 'production',
    DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/nothing',
    WEBHOOK_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('SESSION_SECRET: required when NODE_ENV=production');
});

// Ctrl-C: one SIGINT to a started `svc start` / `svc serve` finishes in-flight work, closes the
// embedded database and exits 0, leaving neither embedded.lock nor server.json behind (issue 14,
// item 12: Apollo's own signal handlers used to re-raise the signal, which read as a second Ctrl-C).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { svcBackground } from '../helpers/cli.ts';

const BANNER = /API status\s+(http:\/\/\S+)\/api\/v1\/status/;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test.each([
  ['start', { DEMO_SEED: 'false', JOBS_ENABLED: 'true' }],
  ['serve', {}],
])('one SIGINT to svc %s exits 0 and leaves no lock or server.json', async (command, extra) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-sigint-'));
  dirs.push(dataDir);
  // NODE_ENV is not passed on (cliEnv): the child runs as development, where Apollo would install its handlers.
  const server = svcBackground([command], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...extra }, BANNER, 120_000);
  const base = BANNER.exec(await server.started)![1]!;
  try {
    let ready = false;
    for (let i = 0; i < 100 && !ready; i++) {
      ready = (await fetch(`${base}/readyz`)).status === 200;
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(true);
    expect(existsSync(path.join(dataDir, 'embedded.lock'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'server.json'))).toBe(true);
  } finally {
    server.child.kill('SIGINT');
  }
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('SIGINT received');
  expect(server.output()).not.toContain('second SIGINT');
  expect(existsSync(path.join(dataDir, 'embedded.lock'))).toBe(false);
  expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
});

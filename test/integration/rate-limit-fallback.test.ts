// Issue 14, item 11: when Redis goes away, rate limiting falls back to the in-process limiter of
// each instance (it never fails open), says so once in the logs and in /readyz, and returns to the
// shared Redis budgets when Redis is back. Issue 23, item 5: it comes back on its own, probing
// Redis while falling back, so an idle `svc serve` reports Redis again in /readyz within seconds,
// without waiting for a limited request. Each test starts its own redis-server on its own port
// (never the shared one) and stops it by the child's pid.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { buildApp } from '../../src/main.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { svcBackground, CLI_TEST_TIMEOUT_MS } from '../helpers/cli.ts';
import { testDatabaseUrls } from '../../src/config.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      await sleep(50);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}`);
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

if (!hasRedis) {
  test.skip('rate-limit fallback test skipped: no redis-server binary on PATH', () => {});
} else {
  test('Redis down: per-instance limits (not fail-open), logged once, shown in /readyz; back: shared limits resume', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const logs: Array<{ level: number; msg: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    const database: TestDatabase = await databaseTargets()[0]!.create();
    const prefix = `test:rlf:${port}:`;
    const config = testConfig({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_REDIS_PREFIX: prefix });
    let db: Database | null = null;
    const app = await (async () => {
      db = await connectDatabase(database.connectionString, database.kind, { poolSize: 3 });
      return buildApp({ config, db, services: buildServices(config, db), logger: { level: 'info', stream } });
    })();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const admin = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 200 });
    admin.on('error', () => {});
    try {
      const account = await makeAccount(db!.prisma);
      const key = await makeKey(db!.prisma, account.id, ['read']);
      const me = () => fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      const readyz = async () => (await (await fetch(`${base}/readyz`)).json()) as { status: string; rate_limit?: { store: string; fallback?: boolean } };
      const fallbackWarnings = () => logs.filter((l) => l.level === 40 && /falling back to the in-process limiter/.test(l.msg));
      const recoveries = () => logs.filter((l) => /Redis is back/.test(l.msg));

      // Redis up: the shared budget counts.
      for (const remaining of ['4', '3']) expect((await me()).headers.get('x-ratelimit-remaining')).toBe(remaining);
      expect(await readyz()).toEqual({ status: 'ready', rate_limit: { store: 'redis' } });

      await stopRedis(redis);
      // Redis down: the in-process limiter takes over with a fresh budget of 5; the 6th is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await me()).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const ready = await readyz();
      expect(ready.status).toBe('ready');
      expect(ready.rate_limit).toMatchObject({ store: 'memory', fallback: true });
      expect(fallbackWarnings()).toHaveLength(1);

      // Redis back (empty, no persistence): the next hits go to it again.
      redis = await startRedis(port);
      let back = false;
      for (let i = 0; i < 100 && !back; i++) {
        await me();
        back = (await readyz()).rate_limit?.store === 'redis';
        if (!back) await sleep(100);
      }
      expect(back).toBe(true);
      expect(recoveries()).toHaveLength(1);
      expect(fallbackWarnings()).toHaveLength(1);
      await admin.connect();
      const keys = await admin.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(await admin.zcard(keys[0]!)).toBeGreaterThanOrEqual(1);
    } finally {
      admin.disconnect();
      await app.close();
      await db!.close();
      await database.close();
      await stopRedis(redis);
    }
  });

  test(
    'an idle `svc serve` probes Redis while falling back: /readyz reports Redis again within seconds of its return, no limited request needed',
    async () => {
      const port = await freePort();
      let redis = await startRedis(port);
      // PostgreSQL where the machine has it (no embedded server to start inside the child), else a fresh DATA_DIR.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-rl-probe-'));
      const adminUrl = testDatabaseUrls().postgres;
      const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'rlp') : null;
      const prefix = `test:rlp:${port}:`;
      const server = svcBackground(
        ['serve'],
        {
          ...(scratch ? { DATABASE_URL: scratch.connectionString } : {}),
          DATA_DIR: dataDir,
          PORT: '0',
          LOG_LEVEL: 'info',
          REDIS_URL: `redis://127.0.0.1:${port}`,
          RATE_LIMIT_REDIS_PREFIX: prefix,
        },
        /API status\s+(http:\/\/\S+)\/api\/v1\/status/,
      );
      const admin = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 200 });
      admin.on('error', () => {});
      try {
        const base = /API status\s+(http:\/\/\S+)\/api\/v1\/status/.exec(await server.started)![1]!;
        const readyz = async () => (await (await fetch(`${base}/readyz`)).json()) as { status: string; rate_limit?: { store: string; fallback?: boolean } };
        // GET /api/v1/status spends the public budget of the caller's address; /readyz spends none.
        const limited = async () => {
          const response = await fetch(`${base}/api/v1/status`);
          await response.arrayBuffer();
          return response;
        };

        // Redis up. On a loaded machine the first hits can outlast the client's connect or command
        // timeout and fall back; limited requests (which try Redis first) bring it back.
        const deadline = (ms: number) => Date.now() + ms;
        const untilRedis = deadline(60_000);
        while ((await limited()).ok && (await readyz()).rate_limit?.store !== 'redis' && Date.now() < untilRedis) await sleep(250);
        expect(await readyz()).toMatchObject({ status: 'ready', rate_limit: { store: 'redis' } });

        await stopRedis(redis);
        expect((await limited()).status).toBe(200);
        expect((await readyz()).rate_limit).toMatchObject({ store: 'memory', fallback: true });

        // Redis back, empty. From here on only /readyz is asked: the instance must notice by itself.
        redis = await startRedis(port);
        const untilBack = deadline(60_000);
        let ready = await readyz();
        while (ready.rate_limit?.store !== 'redis' && Date.now() < untilBack) {
          await sleep(250);
          ready = await readyz();
        }
        expect(ready).toEqual({ status: 'ready', rate_limit: { store: 'redis' } });
        expect(server.output()).toMatch(/Redis is back; shared limits resume/);

        // Shared limits again: the next limited request is counted in the restarted Redis.
        await admin.connect();
        expect(await admin.keys(`${prefix}*`)).toEqual([]);
        expect((await limited()).status).toBe(200);
        expect((await admin.keys(`${prefix}*`)).length).toBe(1);
      } finally {
        admin.disconnect();
        server.child.kill('SIGTERM');
        await server.exited;
        await stopRedis(redis);
        rmSync(dataDir, { recursive: true, force: true });
        await scratch?.drop();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
}

// Configuration: defaults, every problem listed at once, frozen, and .env under the environment.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, detectCommit, loadConfig } from '../../src/config.ts';

test('defaults give an embedded database in .data and port 3000', () => {
  const config = loadConfig({ env: {}, envFile: null });
  expect(config.database.url).toBeNull();
  expect(config.database.dataDir).toBe(path.resolve('.data'));
  expect(config.port).toBe(3000);
  expect(config.rateLimit.perMinute).toBe(60);
  expect(config.jwt.algorithms).toEqual(['HS256']);
  expect(config.ai.provider).toBe('local');
});

test('every problem is listed at once', () => {
  let error: unknown;
  try {
    loadConfig({
      env: { PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', JWT_SECRET: 'short', AI_PROVIDER: 'openai', JOBS_ENABLED: 'perhaps' },
      envFile: null,
    });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const problems = (error as ConfigError).problems.join('\n');
  for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'JWT_SECRET', 'AI_BASE_URL', 'AI_API_KEY', 'JOBS_ENABLED']) {
    expect(problems).toContain(name);
  }
});

test('the result is frozen all the way down', () => {
  const config = loadConfig({ env: { TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2' }, envFile: null });
  expect(config.trustedProxies).toEqual(['10.0.0.1', '10.0.0.2']);
  expect(Object.isFrozen(config)).toBe(true);
  expect(Object.isFrozen(config.database)).toBe(true);
  expect(() => (config.trustedProxies as string[]).push('x')).toThrow();
});

test('a .env file fills in what the environment does not set', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'svc-env-'));
  const file = path.join(dir, '.env');
  writeFileSync(file, 'PORT=4100\nREGION=eu-west\n# comment\nLOG_LEVEL=debug\n');
  const config = loadConfig({ env: { LOG_LEVEL: 'warn' }, envFile: file });
  expect(config.port).toBe(4100);
  expect(config.region).toBe('eu-west');
  expect(config.logLevel).toBe('warn');
});

test('JWT settings must agree with each other', () => {
  expect(() => loadConfig({ env: { JWT_SECRET: 'x'.repeat(40), JWT_ALGORITHMS: 'RS256' }, envFile: null })).toThrow(/JWT_ALGORITHMS/);
  expect(() => loadConfig({ env: { JWT_SECRET: 'x'.repeat(40), JWT_JWKS_URL: 'https://id.example.com/jwks' }, envFile: null })).toThrow(/not both/);
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ env, envFile: null });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

test('DEMO_SEED defaults to true, except under NODE_ENV=production', () => {
  expect(loadConfig({ env: {}, envFile: null }).demoSeed).toBe(true);
  expect(loadConfig({ env: { NODE_ENV: 'test' }, envFile: null }).demoSeed).toBe(true);
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgresql://app@db.internal:5432/commerce',
    WEBHOOK_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  };
  expect(loadConfig({ env: production, envFile: null }).demoSeed).toBe(false);
  expect(loadConfig({ env: { ...production, DEMO_SEED: 'true' }, envFile: null }).demoSeed).toBe(true);
  expect(loadConfig({ env: { DEMO_SEED: 'false' }, envFile: null }).demoSeed).toBe(false);
});

test('production requires DATABASE_URL, reported together with the other problems', () => {
  const key = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
  expect(problemsOf({ NODE_ENV: 'production', WEBHOOK_SECRET_KEY: key })).toEqual([
    'DATABASE_URL: required when NODE_ENV=production (the embedded database is for development)',
  ]);
  const problems = problemsOf({ NODE_ENV: 'production', PORT: 'eighty', AI_PROVIDER: 'openai', AI_API_KEY: 'k', WEBHOOK_SECRET_KEY: key });
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^PORT: /),
      'AI_BASE_URL: required when AI_PROVIDER=openai',
      'DATABASE_URL: required when NODE_ENV=production (the embedded database is for development)',
    ]),
  );
  expect(problems).toHaveLength(3);
  // An empty value is no value, in the environment as in .env.
  expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: '', WEBHOOK_SECRET_KEY: key })).toHaveLength(1);
  expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://app@db.internal:5432/commerce', WEBHOOK_SECRET_KEY: key })).toEqual([]);
  // Webhook secrets are encrypted at rest: production names its key.
  expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://app@db.internal:5432/commerce' })).toEqual([
    'WEBHOOK_SECRET_KEY: required when NODE_ENV=production (webhook secrets are encrypted at rest with it)',
  ]);
  // Development and test keep the embedded database.
  expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
});

test('PASSWORD_HASH_COST: scrypt log2 N of new hashes, 15 by default, 10 to 17; production refuses less than 15', () => {
  const key = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://app@db.internal:5432/commerce', WEBHOOK_SECRET_KEY: key };
  expect(loadConfig({ env: {}, envFile: null }).session.passwordHashCost).toBe(15);
  expect(loadConfig({ env: { NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }, envFile: null }).session.passwordHashCost).toBe(10);
  expect(loadConfig({ env: { ...production, PASSWORD_HASH_COST: '16' }, envFile: null }).session.passwordHashCost).toBe(16);
  for (const value of ['9', '18', '12.5', 'cheap']) expect(problemsOf({ PASSWORD_HASH_COST: value })).toEqual([expect.stringMatching(/^PASSWORD_HASH_COST: /)]);
  expect(problemsOf({ ...production, PASSWORD_HASH_COST: '14' })).toEqual([
    'PASSWORD_HASH_COST: at least 15 when NODE_ENV=production (lower costs are for tests)',
  ]);
});

describe('detectCommit', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'svc-git-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
  const other = '0123456789abcdef0123456789abcdef01234567';

  test('reads a loose ref, or the ref from packed-refs when its file is missing', () => {
    const root = tempDir();
    mkdirSync(path.join(root, '.git', 'refs', 'heads'), { recursive: true });
    writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    expect(detectCommit(root)).toBe('unknown');
    writeFileSync(
      path.join(root, '.git', 'packed-refs'),
      `# pack-refs with: peeled fully-peeled sorted\n${other} refs/heads/maint\n${sha} refs/heads/main\n^${other}\n`,
    );
    expect(detectCommit(root)).toBe(sha.slice(0, 12));
    writeFileSync(path.join(root, '.git', 'refs', 'heads', 'main'), `${other}\n`);
    expect(detectCommit(root)).toBe(other.slice(0, 12));
    writeFileSync(path.join(root, '.git', 'HEAD'), `${sha}\n`); // detached
    expect(detectCommit(root)).toBe(sha.slice(0, 12));
  });

  test('follows a .git file to a worktree, whose branch refs live in the common directory', () => {
    const base = tempDir();
    const common = path.join(base, 'repo', '.git');
    const worktreeGit = path.join(common, 'worktrees', 'feature');
    mkdirSync(worktreeGit, { recursive: true });
    writeFileSync(path.join(worktreeGit, 'HEAD'), 'ref: refs/heads/feature\n');
    writeFileSync(path.join(worktreeGit, 'commondir'), '../..\n');
    writeFileSync(path.join(common, 'packed-refs'), `${sha} refs/heads/feature\n`);
    const checkout = path.join(base, 'feature');
    mkdirSync(checkout);
    writeFileSync(path.join(checkout, '.git'), `gitdir: ${path.relative(checkout, worktreeGit)}\n`);
    expect(detectCommit(checkout)).toBe(sha.slice(0, 12));
    writeFileSync(path.join(checkout, '.git'), `gitdir: ${worktreeGit}\n`); // absolute, as git writes it
    expect(detectCommit(checkout)).toBe(sha.slice(0, 12));
  });

  test('no checkout is "unknown"', () => {
    expect(detectCommit(tempDir())).toBe('unknown');
  });
});

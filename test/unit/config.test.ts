// Configuration: defaults, every problem listed at once, frozen, and .env under the environment.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.ts';

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

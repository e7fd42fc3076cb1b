// Two instances of the app on one Redis spend one budget per key: 60 requests a minute in all,
// whichever instance answers.
import { randomBytes } from 'node:crypto';
import { testDatabaseUrls } from '../../src/config.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';

const redisUrl = testDatabaseUrls().redis;

if (redisUrl) {
  describe('rate limit shared through Redis', () => {
    let database: TestDatabase;
    let one: TestApp;
    let two: TestApp;
    let key: string;
    const prefix = `test:${randomBytes(4).toString('hex')}:`;

    beforeAll(async () => {
      database = await databaseTargets()[0]!.create();
      const env = { REDIS_URL: redisUrl, RATE_LIMIT_REDIS_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '60' };
      one = await startTestApp(database, env);
      two = await startTestApp(database, env);
      const account = await makeAccount(one.db.prisma);
      key = (await keysService(one.db.prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
    });
    afterAll(async () => {
      await one.close();
      await two.close();
      await database.close();
    });

    test('the 61st request across two instances is refused, with the decided headers', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await fetch(`${(i % 2 ? two : one).url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
        statuses.push(res.status);
        expect(res.headers.get('x-ratelimit-remaining')).toBe(String(59 - i));
      }
      expect(statuses.every((s) => s === 200)).toBe(true);
      for (const app of [one, two]) {
        const res = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
        expect(res.status).toBe(429);
        expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    });
  });
} else {
  test('Redis is not configured (TEST_REDIS_URL): the shared-budget suite does not apply here', () => {
    expect(redisUrl).toBeNull();
  });
}

// Integration.syncStatus is batched by a per-request DataLoader: the integrations of a page read
// their sync streams in one statement, so an account with six Shopify integrations costs the same
// SQL as one with two, and each integration still answers its own phase and progress; their
// recent errors add one statement (the failed deliveries of all of them).
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { gql } from './helpers.ts';
import { shopifyEnv } from '../connectors/shopify/helpers.ts';
import { BACKFILL_ORDER } from '../../src/connectors/shopify/index.ts';

const LIST = '{ integrations { nodes { shop syncStatus { phase progress { records percent } } } } }';

describeEachDatabase('Integration.syncStatus batching', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await target.create();
    // A configured connector (services.shopify, so syncStatus is answered); no call reaches the base URL.
    app = await startTestApp(database, shopifyEnv('http://127.0.0.1:9/{shop}'), undefined, undefined, { onQuery: (sql) => statements.push(sql) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** An account with `count` Shopify integrations in turn: backfill done, backfill half way, never started. */
  async function accountWith(count: number) {
    const account = await makeAccount(app.db.prisma);
    const expected: Array<{ shop: string; syncStatus: { phase: string; progress: { records: number; percent: number | null } } }> = [];
    for (let i = 0; i < count; i++) {
      const shop = `batch-${account.id.slice(0, 8)}-${i}.myshopify.com`.toLowerCase();
      const { id } = await app.services.integrations.connectIntegration(account.id, { provider: 'shopify', shop, scopes: ['read_orders'] });
      const kind = i % 3;
      const done = kind === 0 ? BACKFILL_ORDER.length : kind === 1 ? 1 : 0;
      for (const [n, stream] of BACKFILL_ORDER.slice(0, done).entries())
        await app.services.syncStreams.saveStream(account.id, id, `backfill:${stream}`, { phase: 'completed', recordsDone: 10 * (n + 1) + i });
      const records = BACKFILL_ORDER.slice(0, done).reduce((sum, _s, n) => sum + 10 * (n + 1) + i, 0);
      const percent = kind === 0 ? 100 : kind === 1 ? Math.round((1 / BACKFILL_ORDER.length) * 1000) / 10 : null;
      expected.push({ shop, syncStatus: { phase: ['SYNCED', 'BACKFILL', 'IDLE'][kind]!, progress: { records, percent } } });
    }
    return { key: await makeKey(app.db.prisma, account.id), expected };
  }

  test('two or six integrations: one statement reads their sync streams, and each answers its own status', async () => {
    const counts: number[] = [];
    for (const n of [2, 6]) {
      const { key, expected } = await accountWith(n);
      statements.length = 0;
      const answer = await gql(app, key, LIST);
      expect(answer.body.errors).toBeUndefined();
      expect([...answer.body.data.integrations.nodes].sort((a, b) => a.shop.localeCompare(b.shop))).toEqual(expected);
      const sql = statements.filter((s) => !/api_keys/.test(s));
      expect(sql.filter((s) => /integration_sync_streams/.test(s))).toHaveLength(1);
      counts.push(sql.length);
    }
    expect(counts[1]).toBe(counts[0]);
  });

  test("recentErrors: one more statement reads the integrations' failed deliveries, for two or six alike", async () => {
    const counts: number[] = [];
    for (const n of [2, 6]) {
      const { key } = await accountWith(n);
      statements.length = 0;
      const answer = await gql(app, key, '{ integrations { nodes { shop syncStatus { phase recentErrors { source topic } } } } }');
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.integrations.nodes.map((i: { syncStatus: { recentErrors: unknown[] } }) => i.syncStatus.recentErrors)).toEqual(Array(n).fill([]));
      const sql = statements.filter((s) => !/api_keys/.test(s));
      expect(sql.filter((s) => /connector_inbox/.test(s))).toHaveLength(1);
      counts.push(sql.length);
    }
    expect(counts[1]).toBe(counts[0]);
  });
});

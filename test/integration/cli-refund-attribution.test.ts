// `svc accounts refund-attribution` in a child process against a test database: reading the
// default, setting refund_day (the days its refunds touch marked for the analytics catch-up in the
// same transaction), the same value again (nothing marked), a bad value and a missing --account
// (exit 2, nothing changed), an unknown account (exit 1).
import { afterAll, beforeAll, expect, jest, test } from '@jest/globals';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { CLI_TEST_TIMEOUT_MS, svc } from '../helpers/cli.ts';
import { makeAccount } from '../factories/index.ts';
import { servicesOn } from '../factories/credits.ts';
import type { Database } from '../../src/db/database.ts';
import type { Services } from '../../src/services.ts';
import type { Origin } from '../../src/domain/ingestion/index.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const DAY_MS = 86_400_000;
const SHOP: Origin = { source: 'shopify', integrationId: null, via: 'connector' };
const day = (at: Date) => at.toISOString().slice(0, 10);

let database: TestDatabase;
let db: Database;
let services: Services;
let accountId: string;
const placedAt = new Date(Date.now() - 30 * DAY_MS);
const refundedAt = new Date(Date.now() - 5 * DAY_MS);
const env = () => ({ DATABASE_URL: database.connectionString, DEMO_SEED: 'false' });
const attribution = async () =>
  (await db.prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { refundAttribution: true } })).refundAttribution;

beforeAll(async () => {
  const targets = databaseTargets();
  database = await targets[targets.length - 1]!.create();
  ({ db, services } = await servicesOn(database));
  accountId = (await makeAccount(db.prisma)).id;
  await services.ingestion.upsertOrders(accountId, SHOP, [
    {
      externalId: 'o-1',
      updatedAt: placedAt.toISOString(),
      placedAt: placedAt.toISOString(),
      currency: 'USD',
      subtotal: '50.00',
      total: '50.00',
      lines: [{ sku: 'MUG-1', quantity: 1, unitPrice: '50.00', productName: 'Mug' }],
      refunds: [{ externalId: 'r-1', orderExternalId: 'o-1', updatedAt: refundedAt.toISOString(), refundedAt: refundedAt.toISOString(), amount: '12.34' }],
    },
  ]);
  await services.catchup.catchUp(accountId);
});
afterAll(async () => {
  await db?.close();
  await database?.close();
});

test('reads the default, sets refund_day with the days marked, and the same value again changes nothing', async () => {
  const read = await svc(['accounts', 'refund-attribution', '--account', accountId, '--json'], env());
  expect(read.code).toBe(0);
  expect(JSON.parse(read.stdout)).toEqual({ account_id: accountId, refund_attribution: 'order_day', changed: false, marked_days: 0 });

  const set = await svc(['accounts', 'refund-attribution', '--account', accountId, '--set', 'refund_day', '--json'], env());
  expect(set.code).toBe(0);
  expect(JSON.parse(set.stdout)).toEqual({ account_id: accountId, refund_attribution: 'refund_day', changed: true, marked_days: 2 });
  expect(await attribution()).toBe('refund_day');
  expect((await services.catchup.pending(accountId)).filter((m) => m.kind === 'day').map((m) => m.key)).toEqual([day(placedAt), day(refundedAt)]);
  await services.catchup.catchUp(accountId);

  const again = await svc(['accounts', 'refund-attribution', '--account', accountId, '--set', 'refund_day'], env());
  expect(again.code).toBe(0);
  expect(again.stdout).toContain(`refund attribution of ${accountId} is refund_day`);
  expect(await services.catchup.pending(accountId)).toEqual([]);
});

test('a bad value or a missing --account is a usage error (exit 2); an unknown account fails (exit 1); nothing changes', async () => {
  const before = await attribution();
  const bad = await svc(['accounts', 'refund-attribution', '--account', accountId, '--set', 'whenever', '--json'], env());
  expect(bad.code).toBe(2);
  expect(JSON.parse(bad.stdout)).toMatchObject({ error: 'invalid_arguments', message: expect.stringContaining('order_day or refund_day') });
  const missing = await svc(['accounts', 'refund-attribution', '--set', 'order_day', '--json'], env());
  expect(missing.code).toBe(2);
  expect(JSON.parse(missing.stdout)).toMatchObject({ error: 'invalid_arguments' });
  const unknown = await svc(['accounts', 'refund-attribution', '--account', 'acc_missing', '--set', 'order_day', '--json'], env());
  expect(unknown.code).toBe(1);
  expect(JSON.parse(unknown.stdout)).toMatchObject({ error: 'not_found' });
  expect(await attribution()).toBe(before);
  expect(await services.catchup.pending(accountId)).toEqual([]);
});

// `svc ai pause|resume` in a child process against a test database: the state change, its event,
// the JSON output, a conflict (exit 1) and bad arguments (exit 2).
import { afterAll, beforeAll, expect, jest, test } from '@jest/globals';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { CLI_TEST_TIMEOUT_MS, svc } from '../helpers/cli.ts';
import { makeAccount } from '../factories/index.ts';
import { servicesOn } from '../factories/credits.ts';
import type { Database } from '../../src/db/database.ts';
import type { Services } from '../../src/services.ts';
import { eventsRepo } from '../../src/domain/events/index.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

let database: TestDatabase;
let db: Database;
let services: Services;
let accountId: string;
const env = () => ({ DATABASE_URL: database.connectionString, DEMO_SEED: 'false' });

beforeAll(async () => {
  const targets = databaseTargets();
  database = await targets[targets.length - 1]!.create();
  ({ db, services } = await servicesOn(database));
  accountId = (await makeAccount(db.prisma)).id;
});
afterAll(async () => {
  await db?.close();
  await database?.close();
});

test('pause and resume with events; pausing twice is a conflict', async () => {
  const paused = await svc(['ai', 'pause', '--account', accountId, '--reason', 'card declined', '--by', 'ops_1', '--json'], env());
  expect(paused.code).toBe(0);
  expect(JSON.parse(paused.stdout)).toMatchObject({ account_id: accountId, state: 'paused', reason: 'card declined', by: 'ops_1', by_kind: 'admin' });
  expect((await services.aiAccess.get(accountId)).state).toBe('paused');
  const again = await svc(['ai', 'pause', '--account', accountId, '--json'], env());
  expect(again.code).toBe(1);
  expect(JSON.parse(again.stdout)).toMatchObject({ error: 'conflict' });
  const resumed = await svc(['ai', 'resume', '--account', accountId], env());
  expect(resumed.code).toBe(0);
  expect(resumed.stdout).toContain(`AI access for ${accountId} is enabled`);
  const events = await eventsRepo(db.prisma).listForAccount(accountId);
  expect(events.map((e) => [e.name, (e.data as { by: string; reason: string | null }).by, (e.data as { reason: string | null }).reason])).toEqual([
    ['ai.paused', 'ops_1', 'card declined'],
    ['ai.resumed', 'cli', null],
  ]);
});

test('a missing --account is a usage error (exit 2)', async () => {
  const result = await svc(['ai', 'pause', '--json'], env());
  expect(result.code).toBe(2);
  expect(JSON.parse(result.stdout)).toMatchObject({ error: 'invalid_arguments' });
});

// `svc integrations revoke --account <id> --id <n>` on a PostgreSQL server (the CLI runs in a
// child process, so the database must be one it can reach): revokes once, with the event; a
// second revoke says so; another account's id is not_found; bad ids are usage errors.
import { jest } from '@jest/globals';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { testConfig } from '../helpers/app.ts';
import { svc, CLI_TEST_TIMEOUT_MS } from '../helpers/cli.ts';
import { makeAccount } from '../factories/index.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const server = databaseTargets().find((t) => t.name === 'postgres');
const describeOnServer = server ? describe : describe.skip;

describeOnServer('svc integrations revoke [postgres]', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await server!.create();
    db = await connectDatabase(database.connectionString, database.kind, { poolSize: 2 });
  });
  afterAll(async () => {
    await db.close();
    await database.close();
  });

  test('revokes once with integration.revoked (reason manual), then reports already revoked', async () => {
    const services = buildServices(testConfig(), db);
    const account = await makeAccount(db.prisma);
    const other = await makeAccount(db.prisma);
    const i = await services.integrations.connectIntegration(account.id, { provider: 'shopify', shop: 'cli.myshopify.com', scopes: [] });
    const env = { DATABASE_URL: database.connectionString };

    const first = await svc(['integrations', 'revoke', '--account', account.id, '--id', String(i.id), '--json'], env);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout.trim())).toEqual({ id: i.id, revoked: true });
    const second = await svc(['integrations', 'revoke', '--account', account.id, '--id', String(i.id)], env);
    expect([second.code, second.stdout.trim()]).toEqual([0, `integration ${i.id} was already revoked`]);
    const foreign = await svc(['integrations', 'revoke', '--account', other.id, '--id', String(i.id), '--json'], env);
    expect(foreign.code).toBe(1);
    expect(JSON.parse(foreign.stdout.trim())).toMatchObject({ error: 'not_found' });
    expect((await svc(['integrations', 'revoke', '--account', account.id, '--id', 'x'], env)).code).toBe(2);

    expect(await db.prisma.integration.findUniqueOrThrow({ where: { id: i.id } })).toMatchObject({ status: 'revoked', revokeReason: 'manual' });
    const revoked = await services.events.listForAccount(account.id, { name: 'integration.revoked' });
    expect(revoked.map((e) => e.data)).toEqual([{ provider: 'shopify', store_id: i.id, reason: 'manual' }]);
  });
});

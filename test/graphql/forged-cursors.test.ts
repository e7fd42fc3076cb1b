// Cursors are opaque to clients but not signed: a forged one whose sort value has the right shape
// but names no real instant (February 30th, 25:00) must be refused as invalid_parameter before
// any SQL runs, not reach the database's cast (a 22008 error there was an internal error, and on
// the batched read path it also dropped the connection the other requests' reads shared).
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';

const forge = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

describeEachDatabase('forged cursors', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000' });
    key = await makeKey(app.db.prisma, (await makeAccount(app.db.prisma)).id, ['read']);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function gql(query: string, variables: Record<string, unknown>) {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: await readJson(res) };
  }

  const customers = 'query($after: String) { customers(first: 5, after: $after, orderBy: { field: LAST_PURCHASE, direction: DESC }) { nodes { id } } }';
  const orders = 'query($after: String) { orders(first: 5, after: $after) { nodes { id } } }';

  test.each([
    ['customers, February 30th', customers, ['customer', 'last_purchase:desc', '2026-02-30 10:00:00+00', 5]],
    ['customers, 25 o’clock', customers, ['customer', 'last_purchase:desc', '2026-01-01T25:00:00Z', 5]],
    ['customers, year 0', customers, ['customer', 'last_purchase:desc', '0000-01-01 00:00:00', 5]],
    ['customers, offset of 99 hours', customers, ['customer', 'last_purchase:desc', '2026-01-01 00:00:00+99', 5]],
    ['orders, month 13', orders, ['order', 'PLACED_AT:desc', '2026-13-01T00:00:00.000Z', 5]],
    ['orders, 61 minutes', orders, ['order', 'PLACED_AT:desc', '2026-01-01T00:61:00.000Z', 5]],
  ])('%s: invalid_parameter, no internal error', async (_name, query, parts) => {
    const { status, body } = await gql(query, { after: forge(parts) });
    expect(status).toBe(200);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions).toMatchObject({ code: 'invalid_parameter', param: 'after' });
  });

  test('a real instant in a cursor of the same shape is accepted', async () => {
    const a = await gql(customers, { after: forge(['customer', 'last_purchase:desc', '2026-02-28 10:00:00.123+05:30', 5]) });
    expect(a.body.errors).toBeUndefined();
    const b = await gql(orders, { after: forge(['order', 'PLACED_AT:desc', '2026-02-28T10:00:00.000Z', 5]) });
    expect(b.body.errors).toBeUndefined();
  });
});

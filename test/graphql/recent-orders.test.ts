// Recent orders read with the customers page (one statement, prepared on a PostgreSQL server,
// unnamed on the embedded database) answer exactly what the per-customer loader answers: the
// newest orders first (ties by id), at most `first`, only the caller's account's orders (even an
// order of another account naming this account's customer), `first` refused outside 1 to 20.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeCustomers, makeOrders } from '../factories/rows.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { gql } from './helpers.ts';

type Node = { legacyId: number; recentOrders: Array<{ legacyId: number; placedAt: string }>; other?: Array<{ legacyId: number }> };

describeEachDatabase('GraphQL recent orders read with the customers page', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let keyA: string;
  let accountA: string;
  let foreignOrder: number;
  let busiest: number;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000', GRAPHQL_COST_BUCKET_SIZE: '1000000' });
    const prisma = app.db.prisma;
    const [a, b] = [await makeAccount(prisma), await makeAccount(prisma)];
    accountA = a.id;
    keyA = (await keysService(prisma).createKey({ accountId: a.id, scopes: ['read'] })).key;
    const customer = (accountId: string, i: number) => ({
      accountId,
      email: `r${i}@example.com`,
      name: `R ${i}`,
      source: 'shopify' as const,
      externalId: `r${i}`,
    });
    await makeCustomers(
      prisma,
      [0, 1, 2, 3].map((i) => customer(a.id, i)),
    );
    await makeCustomers(prisma, [customer(b.id, 9)]);
    const ids = (await prisma.customer.findMany({ where: { accountId: a.id }, orderBy: { id: 'asc' }, select: { id: true } })).map((c) => c.id);
    const idB = (await prisma.customer.findFirstOrThrow({ where: { accountId: b.id } })).id;
    busiest = ids[2]!;
    const order = (accountId: string, customerId: number, n: string, day: number) => ({
      accountId,
      customerId,
      source: 'shopify' as const,
      externalId: `RO-${n}`,
      subtotal: 10,
      totalAmount: 10 + day,
      placedAt: new Date(Date.UTC(2026, 0, day)),
    });
    await makeOrders(prisma, [
      // ids[0]: none; ids[1]: one; ids[2]: 25 (two on each of some days: ties broken by id); ids[3]: three.
      order(a.id, ids[1]!, 'one', 3),
      ...Array.from({ length: 25 }, (_, i) => order(a.id, ids[2]!, `many-${i}`, 1 + Math.floor(i / 2))),
      ...[5, 1, 9].map((day) => order(a.id, ids[3]!, `three-${day}`, day)),
      order(b.id, idB, 'b', 4),
      // Another account's order naming A's customer (a broken row): never A's.
      order(b.id, ids[2]!, 'foreign', 28),
    ]);
    foreignOrder = (await prisma.order.findFirstOrThrow({ where: { externalId: 'RO-foreign' } })).id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** The customers page with each customer's recent orders, and the same orders from the loader path. */
  async function bothPaths(first: number) {
    const fields = '{ legacyId placedAt }';
    const page = await gql(app, keyA, `query($n: Int!) { customers(first: 10) { nodes { legacyId recentOrders(first: $n) ${fields} } } }`, { n: first });
    // Two different counts under one page: the page cannot read them itself, each goes through the loader.
    const loader = await gql(
      app,
      keyA,
      `query($n: Int!, $m: Int!) { customers(first: 10) { nodes { legacyId recentOrders(first: $n) ${fields} other: recentOrders(first: $m) { legacyId } } } }`,
      { n: first, m: first === 1 ? 2 : 1 },
    );
    expect(page.body.errors).toBeUndefined();
    expect(loader.body.errors).toBeUndefined();
    return { page: page.body.data.customers.nodes as Node[], loader: loader.body.data.customers.nodes as Node[] };
  }

  it.each([1, 2, 5, 20])('answers recentOrders(first: %i) as the loader does', async (first) => {
    const { page, loader } = await bothPaths(first);
    expect(page.map((c) => c.recentOrders)).toEqual(loader.map((c) => c.recentOrders));
    const service = await app.services.customers.recentOrders(
      accountA,
      page.map((c) => c.legacyId),
      first,
    );
    expect(page.map((c) => c.recentOrders.map((o) => o.legacyId))).toEqual(service.map((orders) => orders.map((o) => o.id)));
    expect(page.map((c) => c.recentOrders.length)).toEqual([3, 25, 1, 0].map((n) => Math.min(n, first)));
    const many = page.find((c) => c.legacyId === busiest)!.recentOrders;
    const sorted = [...many].sort((x, y) => y.placedAt.localeCompare(x.placedAt) || y.legacyId - x.legacyId);
    expect(many).toEqual(sorted);
    expect(JSON.stringify(page)).not.toContain(`"legacyId":${foreignOrder}`);
  });

  it('answers a count asked again deeper (through an order) with that count', async () => {
    const r = await gql(
      app,
      keyA,
      '{ customers(first: 10) { nodes { legacyId recentOrders(first: 5) { customer { recentOrders(first: 2) { legacyId } } } } } }',
    );
    expect(r.body.errors).toBeUndefined();
    for (const c of r.body.data.customers.nodes as Array<{ recentOrders: Array<{ customer: { recentOrders: unknown[] } }> }>)
      for (const o of c.recentOrders) expect(o.customer.recentOrders.length).toBeLessThanOrEqual(2);
  });

  it.each([0, 21])('refuses recentOrders(first: %i)', async (first) => {
    const r = await gql(app, keyA, `{ customers(first: 10) { nodes { recentOrders(first: ${first}) { legacyId } } } }`);
    expect(r.body.data ?? null).toBeNull();
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'invalid_parameter', reason: 'PAGE_SIZE_EXCEEDED' });
  });

  it('refuses a count outside 1 to 20 in the domain too', async () => {
    for (const recentOrders of [0, 21]) {
      await expect(app.services.customers.customersPage(accountA, { first: 10, recentOrders })).rejects.toMatchObject({ code: 'invalid_parameter' });
    }
  });
});

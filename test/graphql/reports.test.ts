// Period reports and the orders list through real HTTP, on figures hand-computed from factory data
// in a non-UTC account (America/New_York, EST in the whole range: UTC-5): an order at 23:30 local
// on Saturday 28 February belongs to February and to the week of Monday 23 February; one at
// 23:30 on Sunday 1 March to March and still that week; one at 00:30 on Monday 2 March to the
// next week. Snapshots come from the real profit job. Also: the DAY report equals v1 /profit,
// a partial current day, bad input, tenancy.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount, makeCustomer } from '../factories/index.ts';
import { makeSale, makeStockItem } from '../factories/orders.ts';
import { deleteCustomer, updateCustomer, updateOrder } from '../factories/rows.ts';
import { keysService } from '../../src/domain/keys/service.ts';
import { localDate } from '../../src/domain/shared/index.ts';
import { toGlobalId } from '../../src/graphql/global-id.ts';
import { codes, gql } from './helpers.ts';

const NOW = new Date('2026-03-04T15:00:00Z'); // Wednesday 4 March, 10:00 in New York
const at = (iso: string) => new Date(iso);
const m = (amount: string) => ({ amount, currencyCode: 'USD' });
const TOTALS = `grossRevenue { amount currencyCode } refunds { amount } adSpend { amount } cogsEstimate { amount } feesEstimate { amount }
  shippingEstimate { amount } extraExpenses { amount } netRevenue { amount } operationalProfit { amount } finalProfit { amount }
  purchaseCount aov { amount } newCustomers roas marginPct`;
const amounts = (t: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v && typeof v === 'object' ? (v as { amount: string }).amount : v]));

describeEachDatabase('GraphQL period reports', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;
  let otherKey: string;
  let ids: { c1: number; c2: number; o: number[]; otherCustomer: number };

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000' });
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma, { name: 'NY', timezone: 'America/New_York' });
    key = (await keysService(prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
    const alpha = await makeStockItem(prisma, account.id, { sku: 'SKU-A', productName: 'Alpha', currentStock: 10 });
    const beta = await makeStockItem(prisma, account.id, { sku: 'SKU-B', productName: 'Beta', currentStock: 10 });
    const c1 = await makeCustomer(prisma, account.id);
    const c2 = await makeCustomer(prisma, account.id);
    await prisma.customer.update({ where: { id: c1.id }, data: { country: 'US', firstPurchaseAt: at('2026-03-01T04:30:00Z') } });
    await prisma.customer.update({ where: { id: c2.id }, data: { country: 'DE', firstPurchaseAt: at('2026-03-02T04:30:00Z') } });
    const sale = async (
      placedAt: string,
      item: { id: number; sku: string },
      quantity: number,
      extra: {
        customerId: number | null;
        source: 'shopify' | 'woo_commerce' | 'mercado_libre';
        refunded?: number;
        fees?: number;
        shippingCost?: number;
        status?: 'cancelled';
      },
    ) => {
      const o = await makeSale(prisma, account.id, {
        placedAt: at(placedAt),
        lines: [{ item, quantity }],
        refunded: extra.refunded,
        fees: extra.fees,
        shippingCost: extra.shippingCost,
        status: extra.status,
      });
      await prisma.order.update({ where: { id: o.id }, data: { customerId: extra.customerId, source: extra.source } });
      return o.id;
    };
    const o1 = await sale('2026-03-01T04:30:00Z', alpha, 4, { customerId: c1.id, source: 'shopify', fees: 3, shippingCost: 5 }); // Sat 28 Feb 23:30 local: 100
    const o2 = await sale('2026-03-02T04:30:00Z', beta, 2, { customerId: c2.id, source: 'woo_commerce' }); // Sun 1 Mar 23:30 local: 50
    const o3 = await sale('2026-03-02T05:30:00Z', alpha, 3, { customerId: c2.id, source: 'shopify', refunded: 25 }); // Mon 2 Mar 00:30 local: 75
    const o5 = await sale('2026-03-02T12:00:00Z', alpha, 40, { customerId: c1.id, source: 'shopify', status: 'cancelled' }); // cancelled: 1000
    const o4 = await sale('2026-03-04T14:00:00Z', beta, 1, { customerId: null, source: 'mercado_libre' }); // today, 09:00 local: 25
    await prisma.adSpend.createMany({
      data: [
        {
          accountId: account.id,
          date: at('2026-03-02T00:00:00Z'),
          platform: 'meta_ads',
          campaignId: 'm-1',
          campaignName: 'Spring',
          spend: 20,
          attributedRevenue: 60,
          clicks: 100,
          impressions: 1000,
          conversions: 2,
        },
        { accountId: account.id, date: at('2026-02-28T00:00:00Z'), platform: 'google_ads', campaignId: 'g-1', campaignName: 'Search', spend: 10 },
      ],
    });
    await prisma.expense.create({ data: { accountId: account.id, date: at('2026-03-01T00:00:00Z'), category: 'software', amount: 5 } });
    await app.services.profit.snapshotProfit(account.id, NOW, { full: true });

    // Another account with orders, snapshots and ads on the same days: none of it may show.
    const other = await makeAccount(prisma, { name: 'Other', timezone: 'America/New_York' });
    otherKey = (await keysService(prisma).createKey({ accountId: other.id, scopes: ['read'] })).key;
    const otherCustomer = await makeCustomer(prisma, other.id);
    const big = await makeSale(prisma, other.id, { placedAt: at('2026-03-02T15:00:00Z'), lines: [{ quantity: 400 }] });
    await prisma.order.update({ where: { id: big.id }, data: { customerId: otherCustomer.id } });
    await prisma.customer.update({ where: { id: otherCustomer.id }, data: { firstPurchaseAt: at('2026-03-02T15:00:00Z'), country: 'FR' } });
    await prisma.adSpend.create({
      data: { accountId: other.id, date: at('2026-03-02T00:00:00Z'), platform: 'meta_ads', campaignId: 'm-1', campaignName: 'Other', spend: 999 },
    });
    await app.services.profit.snapshotProfit(other.id, NOW, { full: true });
    ids = { c1: c1.id, c2: c2.id, o: [o1, o2, o3, o4, o5], otherCustomer: otherCustomer.id };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('buckets profit by ISO week at local day boundaries, with the previous period and change', async () => {
    const r = await gql(
      app,
      key,
      `{ profitReport(range: { from: "2026-02-23", to: "2026-03-08" }, interval: WEEK, compareTo: PREVIOUS_PERIOD) {
      range { from to } interval buckets { start end complete totals { ${TOTALS} } } totals { ${TOTALS} }
      previousRange { from to } previous { grossRevenue { amount } purchaseCount } change { grossRevenue marginPctPoints } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const report = r.body.data.profitReport;
    expect(report.range).toEqual({ from: '2026-02-23', to: '2026-03-08' });
    expect(report.buckets.map((b: { start: string; end: string; complete: boolean }) => [b.start, b.end, b.complete])).toEqual([
      ['2026-02-23', '2026-03-01', true],
      ['2026-03-02', '2026-03-08', false], // holds the newest snapshot's day and days to come
    ]);
    // Week 1: Sat 28 Feb (100 gross, 40 cogs, 3 fees, 5 shipping, 10 ads) + Sun 1 Mar (50 gross, 20 cogs, 5 expenses).
    expect(amounts(report.buckets[0].totals)).toEqual({
      grossRevenue: '150.00',
      refunds: '0.00',
      adSpend: '10.00',
      cogsEstimate: '60.00',
      feesEstimate: '3.00',
      shippingEstimate: '5.00',
      extraExpenses: '5.00',
      netRevenue: '150.00',
      operationalProfit: '82.00',
      finalProfit: '67.00',
      purchaseCount: 2,
      aov: '75.00',
      newCustomers: 2,
      roas: 15,
      marginPct: 44.67,
    });
    expect(report.buckets[0].totals.grossRevenue).toEqual(m('150.00'));
    // Week 2: Mon 2 Mar (75 gross, 25 refunded, 30 cogs, 20 ads; the cancelled order not counted) + Wed 4 Mar (25 gross, 10 cogs).
    expect(amounts(report.buckets[1].totals)).toEqual({
      grossRevenue: '100.00',
      refunds: '25.00',
      adSpend: '20.00',
      cogsEstimate: '40.00',
      feesEstimate: '0.00',
      shippingEstimate: '0.00',
      extraExpenses: '0.00',
      netRevenue: '75.00',
      operationalProfit: '35.00',
      finalProfit: '15.00',
      purchaseCount: 2,
      aov: '50.00',
      newCustomers: 0,
      roas: 5,
      marginPct: 20,
    });
    expect(amounts(report.totals)).toEqual({
      grossRevenue: '250.00',
      refunds: '25.00',
      adSpend: '30.00',
      cogsEstimate: '100.00',
      feesEstimate: '3.00',
      shippingEstimate: '5.00',
      extraExpenses: '5.00',
      netRevenue: '225.00',
      operationalProfit: '117.00',
      finalProfit: '82.00',
      purchaseCount: 4,
      aov: '62.50',
      newCustomers: 2,
      roas: 8.3333,
      marginPct: 36.44,
    });
    expect(report.previousRange).toEqual({ from: '2026-02-09', to: '2026-02-22' });
    expect(report.previous).toEqual({ grossRevenue: { amount: '0.00' }, purchaseCount: 0 });
    expect(report.change).toEqual({ grossRevenue: null, marginPctPoints: 36.44 });
  });

  it('buckets by calendar month; totals are the sums of the days', async () => {
    const r = await gql(
      app,
      key,
      `{ profitReport(range: { from: "2026-02-01", to: "2026-03-31" }, interval: MONTH) { buckets { start end totals { ${TOTALS} } } totals { grossRevenue { amount } finalProfit { amount } } previous { purchaseCount } change { grossRevenue } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const [feb, mar] = r.body.data.profitReport.buckets;
    expect([feb.start, feb.end, mar.start, mar.end]).toEqual(['2026-02-01', '2026-02-28', '2026-03-01', '2026-03-31']);
    expect(amounts(feb.totals)).toMatchObject({
      grossRevenue: '100.00',
      netRevenue: '100.00',
      operationalProfit: '52.00',
      finalProfit: '42.00',
      purchaseCount: 1,
      newCustomers: 1,
      marginPct: 42,
    });
    expect(amounts(mar.totals)).toMatchObject({
      grossRevenue: '150.00',
      refunds: '25.00',
      netRevenue: '125.00',
      operationalProfit: '65.00',
      finalProfit: '40.00',
      purchaseCount: 3,
      newCustomers: 1,
      marginPct: 32,
      roas: 7.5,
    });
    expect(r.body.data.profitReport.totals).toEqual({ grossRevenue: { amount: '250.00' }, finalProfit: { amount: '82.00' } });
    expect(r.body.data.profitReport.previous).toBeNull();
    expect(r.body.data.profitReport.change).toBeNull();
    // Clipped buckets: a range from the middle of a quarter to the middle of the next.
    const q = await gql(
      app,
      key,
      '{ profitReport(range: { from: "2026-02-15", to: "2026-04-10" }, interval: QUARTER) { buckets { start end totals { grossRevenue { amount } } } } }',
    );
    expect(q.body.data.profitReport.buckets).toEqual([
      { start: '2026-02-15', end: '2026-03-31', totals: { grossRevenue: { amount: '250.00' } } },
      { start: '2026-04-01', end: '2026-04-10', totals: { grossRevenue: { amount: '0.00' } } },
    ]);
  });

  it('breaks sales down by source, country, segment and product', async () => {
    const range = '{ from: "2026-02-23", to: "2026-03-08" }';
    const rows =
      'rows { key label orders grossRevenue { amount } customers share previous { orders grossRevenue { amount } share } } groupCount totals { orders grossRevenue { amount } customers }';
    const r = await gql(
      app,
      key,
      `{
      source: salesBreakdown(range: ${range}, by: SOURCE, compareTo: PREVIOUS_PERIOD) { ${rows} previousRange { from to } }
      country: salesBreakdown(range: ${range}, by: COUNTRY) { ${rows} }
      segment: salesBreakdown(range: ${range}, by: SEGMENT) { ${rows} }
      product: salesBreakdown(range: ${range}, by: PRODUCT, first: 1) { ${rows} } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const d = r.body.data;
    const none = { orders: 0, grossRevenue: { amount: '0.00' }, share: 0 };
    expect(d.source.rows).toEqual([
      { key: 'shopify', label: 'Shopify', orders: 2, grossRevenue: { amount: '175.00' }, customers: 2, share: 70, previous: none },
      { key: 'woo_commerce', label: 'WooCommerce', orders: 1, grossRevenue: { amount: '50.00' }, customers: 1, share: 20, previous: none },
      { key: 'mercado_libre', label: 'Mercado Libre', orders: 1, grossRevenue: { amount: '25.00' }, customers: 0, share: 10, previous: none },
    ]);
    expect(d.source.totals).toEqual({ orders: 4, grossRevenue: { amount: '250.00' }, customers: 2 });
    expect(d.source.previousRange).toEqual({ from: '2026-02-09', to: '2026-02-22' });
    expect(
      d.country.rows.map((x: { key: string; label: string; grossRevenue: { amount: string }; share: number; previous: unknown }) => [
        x.key,
        x.label,
        x.grossRevenue.amount,
        x.share,
        x.previous,
      ]),
    ).toEqual([
      ['DE', 'Germany', '125.00', 50, null],
      ['US', 'United States', '100.00', 40, null],
      ['unknown', 'Unknown', '25.00', 10, null],
    ]);
    expect(d.segment.rows.map((x: { key: string; orders: number; share: number }) => [x.key, x.orders, x.share])).toEqual([
      ['new', 3, 90],
      ['unknown', 1, 10],
    ]);
    expect(d.product.rows).toEqual([{ key: 'SKU-A', label: 'Alpha', orders: 2, grossRevenue: { amount: '175.00' }, customers: 2, share: 70, previous: null }]);
    expect(d.product.groupCount).toBe(2);
    expect(d.product.totals).toEqual({ orders: 4, grossRevenue: { amount: '250.00' }, customers: 2 });
  });

  it("counts a group's distinct customers when the key is the customer's (country, segment)", async () => {
    // DE: c2's two orders (one customer); US: c1's one; unknown: the order without a customer (none).
    const r = await gql(
      app,
      key,
      `{ country: salesBreakdown(range: { from: "2026-02-23", to: "2026-03-08" }, by: COUNTRY) { rows { key orders customers } totals { orders customers } }
         segment: salesBreakdown(range: { from: "2026-02-23", to: "2026-03-08" }, by: SEGMENT) { rows { key orders customers } totals { orders customers } }
         empty: salesBreakdown(range: { from: "2025-01-01", to: "2025-01-31" }, by: COUNTRY) { rows { key } groupCount totals { orders grossRevenue { amount } customers } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const d = r.body.data;
    expect(d.country.rows).toEqual([
      { key: 'DE', orders: 2, customers: 1 },
      { key: 'US', orders: 1, customers: 1 },
      { key: 'unknown', orders: 1, customers: 0 },
    ]);
    expect(d.country.totals).toEqual({ orders: 4, customers: 2 });
    expect(d.segment.rows).toEqual([
      { key: 'new', orders: 3, customers: 2 },
      { key: 'unknown', orders: 1, customers: 0 },
    ]);
    expect(d.segment.totals).toEqual({ orders: 4, customers: 2 });
    expect(d.empty).toEqual({ rows: [], groupCount: 0, totals: { orders: 0, grossRevenue: { amount: '0.00' }, customers: 0 } });
  });

  it('merges the spellings of a country, and counts a customer of several sources in each and once in the totals', async () => {
    // Its own account: 'us' and 'US' are one key, '' is unknown with the orders without a customer.
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma, { name: 'Spellings', timezone: 'America/New_York' });
    const own = (await keysService(prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
    const customer = async (country: string) => {
      const c = await makeCustomer(prisma, account.id);
      await prisma.customer.update({ where: { id: c.id }, data: { country } });
      return c.id;
    };
    const [a, b, d, e] = [await customer('us'), await customer('US'), await customer(''), await customer('DE')];
    const sale = async (customerId: number | null, source: 'shopify' | 'woo_commerce' | 'mercado_libre', total: string, status?: 'cancelled') => {
      const o = await makeSale(prisma, account.id, { placedAt: at('2026-01-10T15:00:00Z'), lines: [{ quantity: 1 }], total, status });
      await prisma.order.update({ where: { id: o.id }, data: { customerId, source } });
    };
    await sale(a, 'shopify', '10.25');
    await sale(a, 'woo_commerce', '20.50');
    await sale(b, 'shopify', '5.10');
    await sale(d, 'mercado_libre', '30.00');
    await sale(e, 'woo_commerce', '9.99');
    await sale(e, 'shopify', '1000.00', 'cancelled');
    await sale(null, 'shopify', '40.01');
    const fields = 'rows { key orders grossRevenue { amount } customers } groupCount totals { orders grossRevenue { amount } customers }';
    const range = '{ from: "2026-01-05", to: "2026-01-20" }';
    const r = await gql(
      app,
      own,
      `{ country: salesBreakdown(range: ${range}, by: COUNTRY) { ${fields} } source: salesBreakdown(range: ${range}, by: SOURCE) { ${fields} } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const totals = { orders: 6, grossRevenue: { amount: '115.85' }, customers: 4 };
    expect(r.body.data.country).toEqual({
      rows: [
        { key: 'unknown', orders: 2, grossRevenue: { amount: '70.01' }, customers: 1 },
        { key: 'US', orders: 3, grossRevenue: { amount: '35.85' }, customers: 2 },
        { key: 'DE', orders: 1, grossRevenue: { amount: '9.99' }, customers: 1 },
      ],
      groupCount: 3,
      totals,
    });
    expect(r.body.data.source).toEqual({
      rows: [
        { key: 'shopify', orders: 3, grossRevenue: { amount: '55.36' }, customers: 2 },
        { key: 'woo_commerce', orders: 2, grossRevenue: { amount: '30.49' }, customers: 2 },
        { key: 'mercado_libre', orders: 1, grossRevenue: { amount: '30.00' }, customers: 1 },
      ],
      groupCount: 3,
      totals,
    });
  });

  it("follows the customer's current country: a country change, an order's customer changing, no customer, a deleted customer", async () => {
    // The country is kept on each order by database triggers; every answer here is the one the
    // join to the customers gave. Its own account; one day, totals in cents so no gross ties.
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma, { name: 'Moves', timezone: 'America/New_York' });
    const own = (await keysService(prisma).createKey({ accountId: account.id, scopes: ['read', 'write'] })).key;
    const customer = async (country: string) => {
      const c = await makeCustomer(prisma, account.id);
      await updateCustomer(prisma, c.id, { country });
      return c.id;
    };
    const sale = async (customerId: number | null, total: string) => {
      const o = await makeSale(prisma, account.id, { placedAt: at('2026-01-10T15:00:00Z'), lines: [{ quantity: 1 }], total });
      if (customerId !== null) await updateOrder(prisma, o.id, { customerId });
      return o.id;
    };
    const breakdown = async () => {
      const r = await gql(
        app,
        own,
        '{ salesBreakdown(range: { from: "2026-01-05", to: "2026-01-20" }, by: COUNTRY) { rows { key orders grossRevenue { amount } customers } totals { orders grossRevenue { amount } customers } } }',
      );
      expect(r.body.errors).toBeUndefined();
      const d = r.body.data.salesBreakdown;
      const figures = (x: { orders: number; grossRevenue: { amount: string }; customers: number }) => [x.orders, x.grossRevenue.amount, x.customers];
      return { rows: d.rows.map((x: { key: string } & Parameters<typeof figures>[0]) => [x.key, ...figures(x)]), totals: figures(d.totals) };
    };
    const [x, y] = [await customer('US'), await customer('FR')];
    const o1 = await sale(x, '10.00');
    await sale(x, '20.00');
    const o3 = await sale(y, '5.00');
    const o4 = await sale(null, '7.00');
    expect(await breakdown()).toEqual({
      rows: [
        ['US', 2, '30.00', 1],
        ['unknown', 1, '7.00', 0],
        ['FR', 1, '5.00', 1],
      ],
      totals: [4, '42.00', 2],
    });

    // x moves to France through the API: its orders follow.
    const moved = await gql(app, own, `mutation { updateCustomerContact(input: { id: "${x}", country: "fr" }) { customer { country } userErrors { code } } }`);
    expect(moved.body.data.updateCustomerContact).toEqual({ customer: { country: 'FR' }, userErrors: [] });
    expect(await breakdown()).toEqual({
      rows: [
        ['FR', 3, '35.00', 2],
        ['unknown', 1, '7.00', 0],
      ],
      totals: [4, '42.00', 2],
    });

    // o3 changes customer (y's FR to z's 'us'), a new order of w ('US') takes w's country: one key.
    const [z, w] = [await customer('us'), await customer('US')];
    await updateOrder(prisma, o3, { customerId: z });
    await sale(w, '3.00');
    expect(await breakdown()).toEqual({
      rows: [
        ['FR', 2, '30.00', 1],
        ['US', 2, '8.00', 2],
        ['unknown', 1, '7.00', 0],
      ],
      totals: [5, '45.00', 3],
    });

    // x's country emptied: unknown, with the order without a customer; that order then gets z.
    await updateCustomer(prisma, x, { country: '' });
    await updateOrder(prisma, o4, { customerId: z });
    expect(await breakdown()).toEqual({
      rows: [
        ['unknown', 2, '30.00', 1],
        ['US', 3, '15.00', 2],
      ],
      totals: [5, '45.00', 3],
    });

    // A deleted customer's order has no customer (unknown); an order losing its customer too.
    await deleteCustomer(prisma, w);
    await updateOrder(prisma, o1, { customerId: null });
    expect(await breakdown()).toEqual({
      rows: [
        ['unknown', 3, '33.00', 1],
        ['US', 2, '12.00', 1],
      ],
      totals: [5, '45.00', 2],
    });
    // A customer update that leaves the country alone (what the customer-metrics job writes) changes nothing.
    await updateCustomer(prisma, z, { ordersCount: 9, country: 'us' });
    expect((await breakdown()).rows).toEqual([
      ['unknown', 3, '33.00', 1],
      ['US', 2, '12.00', 1],
    ]);
  });

  it('reports ad performance per campaign and platform with totals', async () => {
    const figures = 'spend { amount } attributedRevenue { amount } roas cpa { amount } clicks impressions conversions';
    const r = await gql(
      app,
      key,
      `{ adPerformance(range: { from: "2026-02-23", to: "2026-03-08" }, compareTo: PREVIOUS_YEAR) {
      campaigns { platform campaignId campaignName ${figures} } platforms { platform ${figures} } totals { ${figures} } previousRange { from to } previous { spend { amount } } } }`,
    );
    expect(r.body.errors).toBeUndefined();
    const a = r.body.data.adPerformance;
    const meta = {
      spend: { amount: '20.00' },
      attributedRevenue: { amount: '60.00' },
      roas: 3,
      cpa: { amount: '10.00' },
      clicks: 100,
      impressions: 1000,
      conversions: 2,
    };
    const google = { spend: { amount: '10.00' }, attributedRevenue: { amount: '0.00' }, roas: 0, cpa: null, clicks: 0, impressions: 0, conversions: 0 };
    expect(a.campaigns).toEqual([
      { platform: 'meta_ads', campaignId: 'm-1', campaignName: 'Spring', ...meta },
      { platform: 'google_ads', campaignId: 'g-1', campaignName: 'Search', ...google },
    ]);
    expect(a.platforms).toEqual([
      { platform: 'google_ads', ...google },
      { platform: 'meta_ads', ...meta },
    ]);
    expect(a.totals).toEqual({
      spend: { amount: '30.00' },
      attributedRevenue: { amount: '60.00' },
      roas: 2,
      cpa: { amount: '15.00' },
      clicks: 100,
      impressions: 1000,
      conversions: 2,
    });
    expect(a.previousRange).toEqual({ from: '2025-02-23', to: '2025-03-08' });
    expect(a.previous).toEqual({ spend: { amount: '0.00' } });
  });

  it("ranks the range's customers by revenue, net revenue and orders", async () => {
    const q = (sortKey: string) =>
      gql(
        app,
        key,
        `{ topCustomers(range: { from: "2026-02-01", to: "2026-03-31" }, sortKey: ${sortKey}) { rank customer { id } orders grossRevenue { amount } netRevenue { amount } share firstOrderAt lastOrderAt } }`,
      );
    const revenue = await q('REVENUE');
    expect(revenue.body.errors).toBeUndefined();
    expect(revenue.body.data.topCustomers).toEqual([
      {
        rank: 1,
        customer: { id: toGlobalId('Customer', ids.c2) },
        orders: 2,
        grossRevenue: { amount: '125.00' },
        netRevenue: { amount: '100.00' },
        share: 50,
        firstOrderAt: '2026-03-02T04:30:00.000Z',
        lastOrderAt: '2026-03-02T05:30:00.000Z',
      },
      {
        rank: 2,
        customer: { id: toGlobalId('Customer', ids.c1) },
        orders: 1,
        grossRevenue: { amount: '100.00' },
        netRevenue: { amount: '100.00' },
        share: 40,
        firstOrderAt: '2026-03-01T04:30:00.000Z',
        lastOrderAt: '2026-03-01T04:30:00.000Z',
      },
    ]);
    // Net revenue ties at 100: the lower id first.
    expect((await q('NET_REVENUE')).body.data.topCustomers.map((c: { customer: { id: string } }) => c.customer.id)).toEqual([
      toGlobalId('Customer', ids.c1),
      toGlobalId('Customer', ids.c2),
    ]);
    expect((await q('ORDERS')).body.data.topCustomers.map((c: { orders: number }) => c.orders)).toEqual([2, 1]);
  });

  it('lists orders filtered by local days, sorted, paged both ways, with totalCount', async () => {
    const [o1, o2, o3, o4, o5] = ids.o;
    const page = (args: string) =>
      gql(
        app,
        key,
        `{ orders(${args}) { nodes { legacyId totalAmount status } edges { cursor } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`,
      );
    const first = await page('first: 2, filter: { range: { from: "2026-02-23", to: "2026-03-08" } }');
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.orders.nodes.map((o: { legacyId: number }) => o.legacyId)).toEqual([o4, o5]);
    expect(first.body.data.orders.totalCount).toBe(5);
    expect(first.body.data.orders.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const next = await page(`first: 2, after: "${first.body.data.orders.pageInfo.endCursor}", filter: { range: { from: "2026-02-23", to: "2026-03-08" } }`);
    expect(next.body.data.orders.nodes.map((o: { legacyId: number }) => o.legacyId)).toEqual([o3, o2]);
    const back = await page(`last: 2, before: "${next.body.data.orders.pageInfo.startCursor}", filter: { range: { from: "2026-02-23", to: "2026-03-08" } }`);
    expect(back.body.data.orders.nodes.map((o: { legacyId: number }) => o.legacyId)).toEqual([o4, o5]);
    // Sunday 1 March in New York holds only the order placed at 23:30 local (04:30 UTC the next day).
    const sunday = await page('filter: { range: { from: "2026-03-01", to: "2026-03-01" } }');
    expect(sunday.body.data.orders.nodes.map((o: { legacyId: number }) => o.legacyId)).toEqual([o2]);
    const byTotal = await page('sortKey: TOTAL, reverse: false');
    expect(byTotal.body.data.orders.nodes.map((o: { totalAmount: string }) => o.totalAmount)).toEqual(['25.00', '50.00', '75.00', '100.00', '1000.00']);
    const byTotalNext = await page(`sortKey: TOTAL, reverse: false, first: 2, after: "${byTotal.body.data.orders.edges[1].cursor}"`);
    expect(byTotalNext.body.data.orders.nodes.map((o: { legacyId: number }) => o.legacyId)).toEqual([o3, o1]);
    const cancelled = await page(`filter: { status: cancelled, customerId: "${ids.c1}" }`);
    expect(cancelled.body.data.orders.nodes.map((o: { legacyId: number }) => o.legacyId)).toEqual([o5]);
    // A cursor of another sort is refused.
    const wrong = await page(`sortKey: ID, after: "${first.body.data.orders.pageInfo.endCursor}"`);
    expect(codes(wrong)).toEqual(['invalid_parameter']);
  });

  it('refuses bad ranges with invalid_parameter and the bad part in param, never internal_error', async () => {
    const cases: Array<[string, string]> = [
      ['{ from: "2026-03-08", to: "2026-03-01" }', 'range'],
      ['{ from: "2010-01-01", to: "2026-03-01" }', 'range'],
      ['{ from: "1969-12-31", to: "2026-03-01" }', 'range.from'],
    ];
    for (const [range, param] of cases) {
      for (const field of [
        `profitReport(range: ${range}) { interval }`,
        `salesBreakdown(range: ${range}, by: SOURCE) { groupCount }`,
        `adPerformance(range: ${range}) { campaigns { campaignId } }`,
        `topCustomers(range: ${range}) { rank }`,
        `orders(filter: { range: ${range} }) { totalCount }`,
      ]) {
        const r = await gql(app, key, `{ ${field} }`);
        expect(r.body.errors).toHaveLength(1);
        expect(r.body.errors[0].extensions).toEqual({
          code: 'invalid_parameter',
          param: param.replace('range', field.startsWith('orders') ? 'filter.range' : 'range'),
        });
      }
    }
    const badDate = await gql(app, key, '{ profitReport(range: { from: "2026-02-30", to: "2026-03-01" }) { interval } }');
    expect(codes(badDate)).toEqual(['invalid_parameter']);
    const badVariable = await gql(app, key, 'query($r: DateRangeInput!) { profitReport(range: $r) { interval } }', {
      r: { from: '2026-1-1', to: '2026-03-01' },
    });
    expect(codes(badVariable)).toEqual(['invalid_parameter']);
    const tooManyDays = await gql(app, key, '{ profitReport(range: { from: "2022-01-01", to: "2026-03-01" }) { buckets { start } } }');
    expect(codes(tooManyDays)).toEqual(['invalid_parameter']);
    const badFirst = await gql(app, key, '{ salesBreakdown(range: { from: "2026-03-01", to: "2026-03-01" }, by: SOURCE, first: 0) { groupCount } }');
    expect(codes(badFirst)).toEqual(['invalid_parameter']);
  });

  it("shows another account none of this one's figures and vice versa", async () => {
    const range = '{ from: "2026-02-01", to: "2026-03-31" }';
    const r = await gql(
      app,
      otherKey,
      `{ profitReport(range: ${range}, interval: MONTH) { totals { grossRevenue { amount } newCustomers adSpend { amount } } }
      salesBreakdown(range: ${range}, by: COUNTRY) { rows { key } } topCustomers(range: ${range}) { customer { id } }
      adPerformance(range: ${range}) { campaigns { campaignName } } orders { nodes { id } totalCount } }`,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.profitReport.totals).toEqual({ grossRevenue: { amount: '10000.00' }, newCustomers: 1, adSpend: { amount: '999.00' } });
    expect(r.body.data.salesBreakdown.rows).toEqual([{ key: 'FR' }]);
    expect(r.body.data.topCustomers).toEqual([{ customer: { id: toGlobalId('Customer', ids.otherCustomer) } }]);
    expect(r.body.data.adPerformance.campaigns).toEqual([{ campaignName: 'Other' }]);
    expect(r.body.data.orders.totalCount).toBe(1);
    // This account's key filtering on the other's customer finds nothing.
    const mine = await gql(app, key, `{ orders(filter: { customerId: "${ids.otherCustomer}" }) { nodes { id } totalCount } }`);
    expect(mine.body.data.orders).toEqual({ nodes: [], totalCount: 0 });
  });
});

describeEachDatabase('GraphQL profitReport against v1 /profit', (target) => {
  let database: TestDatabase;
  let app: TestApp;

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('gives, day by day, exactly the v1 rows; today is incomplete, earlier days complete', async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000' });
    const prisma = app.db.prisma;
    const account = await makeAccount(prisma, { timezone: 'Asia/Tokyo' });
    const key = (await keysService(prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
    const now = new Date();
    for (let d = 0; d < 8; d++) {
      await makeSale(prisma, account.id, {
        placedAt: new Date(now.getTime() - d * 86_400_000 - 60_000),
        lines: [{ quantity: 1 + (d % 3), unitPrice: 19.99, unitCost: 7.33 }],
        fees: 1.17,
        refunded: d % 4 === 0 ? 5 : 0,
      });
    }
    await app.services.profit.snapshotProfit(account.id, now, { full: true });
    const today = localDate(now, 'Asia/Tokyo');
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const rest = (await (await fetch(`${app.url}/api/v1/profit?days=7`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      data: Array<Record<string, unknown> & { snapshot_date: string }>;
    };
    const r = await gql(app, key, `{ profitReport(range: { from: "${from}", to: "${today}" }) { buckets { start end complete totals { ${TOTALS} } } } }`);
    expect(r.body.errors).toBeUndefined();
    const buckets = r.body.data.profitReport.buckets;
    expect(buckets).toHaveLength(7);
    expect(rest.data.length).toBeGreaterThanOrEqual(6);
    for (const row of rest.data) {
      const bucket = buckets.find((b: { start: string }) => b.start === row.snapshot_date);
      const t = amounts(bucket.totals);
      expect({
        snapshot_date: bucket.start,
        gross_revenue: Number(t.grossRevenue),
        refunds: Number(t.refunds),
        ad_spend: Number(t.adSpend),
        cogs_estimate: Number(t.cogsEstimate),
        fees_estimate: Number(t.feesEstimate),
        shipping_estimate: Number(t.shippingEstimate),
        extra_expenses: Number(t.extraExpenses),
        net_revenue: Number(t.netRevenue),
        operational_profit: Number(t.operationalProfit),
        final_profit: Number(t.finalProfit),
        margin_pct: t.marginPct,
        purchase_count: t.purchaseCount,
      }).toEqual(row);
    }
    expect(buckets.map((b: { complete: boolean }) => b.complete)).toEqual([true, true, true, true, true, true, false]);
  });
});

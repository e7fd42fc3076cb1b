// File imports through real HTTP on both databases: a generated Shopify orders export uploaded,
// queued and run by the job queue; the account's figures (profit by day, week and month, sales by
// country, customers) equal a recomputation from the file, for the Shopify export, the generic CSV
// and NDJSON; the same file again changes nothing; expenses (one-off and monthly) and the profit by
// day they make; broken rows, garbage, limits, media types, scopes and tenancy; GraphQL importData /
// importJob.
import { jest } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { shopifyOrdersExport, type ExportLine, type ExportOrder } from '../factories/shopify-export.ts';
import { jobRunner } from '../../src/jobs/runner.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';

jest.setTimeout(300_000);

const MAX_BYTES = 256 * 1024;
const END = new Date(Date.now() - 2 * 3_600_000);

/** profitReport's buckets as the figures query reads them. */
interface Bucketed {
  buckets: Array<{ start: string; totals: { grossRevenue: { amount: string }; refunds: { amount: string } } }>;
}

interface ImportBody {
  id: number;
  status: string;
  dialect: string | null;
  counts: { read: number; stored: number; skipped: number; rejected: number };
  error: string | null;
  rejected_rows: Array<{ line: number; field: string | null; reason: string }>;
}

describeEachDatabase('file imports', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let accountId: string;
  let key: string;
  let readOnly: string;
  let otherKey: string;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { IMPORT_MAX_BYTES: String(MAX_BYTES) });
    accountId = (await makeAccount(app.db.prisma)).id;
    key = await makeKey(app.db.prisma, accountId, ['read', 'write']);
    readOnly = await makeKey(app.db.prisma, accountId, ['read']);
    otherKey = await makeKey(app.db.prisma, (await makeAccount(app.db.prisma)).id, ['read', 'write']);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const upload = (query: string, body: string | Buffer, options: { key?: string; type?: string } = {}) =>
    fetch(`${app.url}/api/v1/imports?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.key ?? key}`, 'content-type': options.type ?? 'text/csv' },
      body,
    });
  const get = async (id: number, as = key) => {
    const res = await fetch(`${app.url}/api/v1/imports/${id}`, { headers: { authorization: `Bearer ${as}` } });
    return { status: res.status, body: (await res.json()) as ImportBody & { error: string } };
  };
  /** Runs the queued imports the way a worker does (the job queue), until nothing is due. */
  const drain = () => jobRunner({ prisma: app.db.prisma, services: app.services, jobs: ALL_JOBS, retryDelayMs: () => 0 }).drain();
  const imported = async (query: string, body: string): Promise<ImportBody> => {
    const res = await upload(query, body);
    expect(res.status).toBe(202);
    const queued = (await res.json()) as ImportBody;
    expect(queued.status).toBe('queued');
    expect(res.headers.get('location')).toBe(`/api/v1/imports/${queued.id}`);
    await drain();
    const { status, body: done } = await get(queued.id);
    expect(status).toBe(200);
    return done;
  };
  const orderCount = () => app.db.prisma.order.count({ where: { accountId } });

  /**
   * The account's profit by day (gross, refunds, count: /api/v1/profit) and its customers (orders
   * and revenue: /api/v1/customers) equal a recomputation from the file's orders, once the jobs
   * that count them have run.
   */
  const expectFiguresOf = async (orders: readonly ExportOrder[], account: string, as: string) => {
    const runner = jobRunner({ prisma: app.db.prisma, services: app.services, jobs: ALL_JOBS, retryDelayMs: () => 0 });
    for (const job of ['customer-metrics', 'profit-snapshot']) expect((await runner.run(job, account))[0]?.status).toBe('succeeded');
    const counted = orders.filter((o) => !o.cancelled && !o.test);
    const byDay = new Map<string, { gross: number; refunds: number; count: number }>();
    for (const o of counted) {
      const day = o.placedAt.toISOString().slice(0, 10);
      const d = byDay.get(day) ?? { gross: 0, refunds: 0, count: 0 };
      byDay.set(day, { gross: d.gross + o.total, refunds: d.refunds + o.refunded, count: d.count + 1 });
    }
    const profit = (await (await fetch(`${app.url}/api/v1/profit?days=30`, { headers: { authorization: `Bearer ${as}` } })).json()) as {
      data: Array<{ snapshot_date: string; gross_revenue: number; refunds: number; purchase_count: number }>;
    };
    const served = new Map(profit.data.filter((d) => d.purchase_count > 0).map((d) => [d.snapshot_date, d]));
    expect([...served.keys()].sort()).toEqual([...byDay.keys()].sort());
    for (const [day, want] of byDay) {
      const got = served.get(day)!;
      expect({ day, gross: Math.round(got.gross_revenue * 100), refunds: Math.round(got.refunds * 100), count: got.purchase_count }).toEqual({
        day,
        gross: want.gross,
        refunds: want.refunds,
        count: want.count,
      });
    }
    const customers = (await (await fetch(`${app.url}/api/v1/customers?limit=100`, { headers: { authorization: `Bearer ${as}` } })).json()) as {
      data: Array<{ email: string; orders_count: number; revenue_total: number }>;
    };
    const perEmail = new Map<string, { count: number; revenue: number }>();
    for (const o of counted) {
      const c = perEmail.get(o.email) ?? { count: 0, revenue: 0 };
      perEmail.set(o.email, { count: c.count + 1, revenue: c.revenue + o.total - o.refunded });
    }
    const servedCustomers = customers.data.filter((c) => c.orders_count > 0);
    expect(new Map(servedCustomers.map((c) => [c.email, { count: c.orders_count, revenue: Math.round(c.revenue_total * 100) }]))).toEqual(perEmail);

    // GraphQL: profit by week and by month, and sales by country, over the file's days.
    const days = [...byDay.keys()].sort();
    const range = { from: days[0]!, to: days.at(-1)! };
    const answer = (await (
      await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query Figures($range: DateRangeInput!) {
            week: profitReport(range: $range, interval: WEEK) { buckets { start totals { grossRevenue { amount } refunds { amount } } } }
            month: profitReport(range: $range, interval: MONTH) { buckets { start totals { grossRevenue { amount } refunds { amount } } } }
            countries: salesBreakdown(range: $range, by: COUNTRY, first: 100) { rows { key orders grossRevenue { amount } } }
          }`,
          variables: { range },
        }),
      })
    ).json()) as {
      data: Record<'week' | 'month', Bucketed> & { countries: { rows: Array<{ key: string; orders: number; grossRevenue: { amount: string } }> } };
    };
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    // A bucket starts on its interval's first day, or on the range's first day when clipped.
    const monday = (day: string) => {
      const at = new Date(`${day}T00:00:00Z`);
      return new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    };
    for (const [interval, startOf] of [
      ['week', monday],
      ['month', (day: string) => `${day.slice(0, 7)}-01`],
    ] as const) {
      const want = new Map<string, { gross: number; refunds: number }>();
      for (const [day, d] of byDay) {
        const start = startOf(day) < range.from ? range.from : startOf(day);
        const w = want.get(start) ?? { gross: 0, refunds: 0 };
        want.set(start, { gross: w.gross + d.gross, refunds: w.refunds + d.refunds });
      }
      expect(want.size).toBeGreaterThan(interval === 'week' ? 1 : 0);
      const got = answer.data[interval].buckets.filter((b) => cents(b.totals.grossRevenue.amount) > 0);
      expect(new Map(got.map((b) => [b.start, { gross: cents(b.totals.grossRevenue.amount), refunds: cents(b.totals.refunds.amount) }]))).toEqual(want);
    }
    const perCountry = new Map<string, { orders: number; gross: number }>();
    for (const o of counted) {
      const c = perCountry.get(o.country) ?? { orders: 0, gross: 0 };
      perCountry.set(o.country, { orders: c.orders + 1, gross: c.gross + o.total });
    }
    expect(perCountry.size).toBeGreaterThan(1);
    expect(new Map(answer.data.countries.rows.map((r) => [r.key, { orders: r.orders, gross: cents(r.grossRevenue.amount) }]))).toEqual(perCountry);
  };

  test('a Shopify orders export: stored through the queue; profit by day, week and month, sales by country and customers equal a recomputation from the file; the same file again changes nothing', async () => {
    const file = shopifyOrdersExport({ orders: 60, days: 20, end: END, seed: 11 });
    const rows = file.orders.reduce((a, o) => a + o.lines.length, 0);
    const first = await imported('kind=orders&format=csv', file.csv);
    expect(first).toMatchObject({ status: 'succeeded', dialect: 'shopify', error: null, rejected_rows: [] });
    expect(first.counts).toEqual({ read: rows, stored: rows, skipped: 0, rejected: 0 });

    await expectFiguresOf(file.orders, accountId, key);

    const before = await app.db.prisma.order.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
    const again = await imported('kind=orders&format=csv', file.csv);
    expect(again).toMatchObject({ status: 'succeeded', counts: { read: rows, stored: 0, skipped: rows, rejected: 0 } });
    expect(await app.db.prisma.order.findMany({ where: { accountId }, orderBy: { id: 'asc' } })).toEqual(before);
  });

  test('the same orders as a generic CSV and as NDJSON, each into an account of its own: the same figures, equal to a recomputation; again changes nothing', async () => {
    const { orders } = shopifyOrdersExport({ orders: 40, days: 15, end: END, seed: 23 });
    const money = (cents: number) => (cents / 100).toFixed(2);
    const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
    const sku = (line: ExportLine) => line.sku || 'GIFT-WRAP';
    // The refund (when any) a minute after the order: its day is the order's under the default attribution.
    const refundedAt = (o: ExportOrder) => new Date(o.placedAt.getTime() + 60_000).toISOString();
    const header =
      'order_id,placed_at,cancelled_at,test,currency,customer_email,customer_name,customer_country,subtotal,discount_total,shipping_total,tax_total,total,refunded,refunded_at,sku,product_name,quantity,unit_price';
    const csv = [header];
    for (const o of orders)
      o.lines.forEach((line, n) => {
        const order =
          n === 0
            ? [o.name, o.placedAt.toISOString(), o.cancelled ? o.placedAt.toISOString() : '', o.test ? 'true' : '', 'USD', o.email, quoted(o.customerName), o.country,
               money(o.subtotal), money(o.discount), money(o.shipping), money(o.taxes), money(o.total), o.refunded ? money(o.refunded) : '', o.refunded ? refundedAt(o) : '']
            : [o.name, '', '', '', '', '', '', '', '', '', '', '', '', '', ''];
        csv.push([...order, sku(line), quoted(line.name), String(line.quantity), money(line.price)].join(','));
      }); // prettier-ignore
    const ndjson = orders.map((o) =>
      JSON.stringify({
        externalId: o.name,
        updatedAt: null,
        placedAt: o.placedAt.toISOString(),
        ...(o.cancelled ? { cancelledAt: o.placedAt.toISOString() } : {}),
        ...(o.test ? { test: true } : {}),
        currency: 'USD',
        customer: { externalId: o.email, email: o.email, name: o.customerName, country: o.country },
        subtotal: money(o.subtotal),
        discountTotal: money(o.discount),
        shippingTotal: money(o.shipping),
        taxTotal: money(o.taxes),
        total: money(o.total),
        lines: o.lines.map((l) => ({ sku: sku(l), quantity: l.quantity, unitPrice: money(l.price), productName: l.name })),
        refunds: o.refunded
          ? [{ externalId: `${o.name}-refund`, orderExternalId: o.name, updatedAt: null, refundedAt: refundedAt(o), amount: money(o.refunded) }]
          : [],
      }),
    );
    const rows = orders.reduce((a, o) => a + o.lines.length, 0);
    const stored: Array<Array<{ externalId: string; totalAmount: string; refundedAmount: string; status: string }>> = [];
    for (const [format, body, read] of [
      ['csv', `${csv.join('\n')}\n`, rows],
      ['ndjson', `${ndjson.join('\n')}\n`, orders.length],
    ] as const) {
      const account = (await makeAccount(app.db.prisma)).id;
      const writer = await makeKey(app.db.prisma, account, ['read', 'write']);
      const importInto = async () => {
        const res = await upload(`kind=orders&format=${format}`, body, { key: writer, type: format === 'csv' ? 'text/csv' : 'application/x-ndjson' });
        expect(res.status).toBe(202);
        await drain();
        return (await get(((await res.json()) as ImportBody).id, writer)).body;
      };
      const first = await importInto();
      expect(first).toMatchObject({ status: 'succeeded', dialect: format === 'csv' ? 'generic' : null, error: null, rejected_rows: [] });
      expect(first.counts).toEqual({ read, stored: read, skipped: 0, rejected: 0 });
      await expectFiguresOf(orders, account, writer);
      const rowsOf = async () =>
        (await app.db.prisma.order.findMany({ where: { accountId: account }, orderBy: { externalId: 'asc' } })).map((o) => ({
          externalId: o.externalId,
          totalAmount: o.totalAmount.toFixed(2),
          refundedAmount: o.refundedAmount.toFixed(2),
          status: o.status,
        }));
      const before = await rowsOf();
      expect(await importInto()).toMatchObject({ status: 'succeeded', counts: { read, stored: 0, skipped: read, rejected: 0 } });
      expect(await rowsOf()).toEqual(before);
      stored.push(before);
    }
    // Test orders are kept in the ledger only: the two files stored the same orders, with the same figures.
    expect(stored[0]).toHaveLength(orders.filter((o) => !o.test).length);
    expect(stored[1]).toEqual(stored[0]);
  });

  test('expenses: a monthly and a one-off stored, broken rows reported by line and column; profit by day carries them to the cent; the same file again changes nothing', async () => {
    // An account of its own (UTC days): its profit is the expenses' alone.
    const expenseAccount = (await makeAccount(app.db.prisma, { timezone: 'UTC' })).id;
    const expenseKey = await makeKey(app.db.prisma, expenseAccount, ['read', 'write']);
    const post = async (body: string) => {
      const res = await upload('kind=expenses&format=csv&file_name=expenses.csv', body, { key: expenseKey });
      expect(res.status).toBe(202);
      const { id } = (await res.json()) as ImportBody;
      await drain();
      return (await get(id, expenseKey)).body;
    };
    // Last month, whole: 1,000.00 a month from its 1st to its last day; 40.00 once on its 10th.
    const today = new Date();
    const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
    const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    const day = (d: number) => new Date(first.getTime() + (d - 1) * 86_400_000).toISOString().slice(0, 10);
    const file =
      'expense_id,date,category,description,amount,recurrence,ends_on\n' +
      `rent,${day(1)},rent,Shop rent,1000.00,monthly,${day(days)}\n` +
      `fair,${day(10)},events,Trade fair,40.00,one-off,\n` +
      `stand,${day(11)},events,,"12,50",,\n` +
      `cleaning,${day(12)},services,,80.00,weekly,\n` +
      // Days out of range (an unbounded span would mark millions of days): rejected at their column.
      `ancient,0001-01-01,rent,,1.00,monthly,\n` +
      `lease,${day(1)},rent,,1.00,monthly,9999-12-31\n`;

    const done = await post(file);
    expect(done).toMatchObject({ status: 'succeeded', dialect: 'generic', error: null });
    expect(done.counts).toEqual({ read: 6, stored: 2, skipped: 0, rejected: 4 });
    expect(done.rejected_rows).toEqual([
      { line: 4, field: 'amount', reason: expect.any(String) },
      { line: 5, field: 'recurrence', reason: expect.any(String) },
      { line: 6, field: 'date', reason: 'must be from 1970-01-01 to 2099-12-31' },
      { line: 7, field: 'ends_on', reason: 'must be from 1970-01-01 to 2099-12-31' },
    ]);
    const stored = () => app.db.prisma.expense.findMany({ where: { accountId: expenseAccount }, orderBy: { id: 'asc' } });
    const expenses = await stored();
    expect(expenses.map((e) => ({ externalId: e.externalId, recurrence: e.recurrence, amount: Number(e.amount) }))).toEqual([
      { externalId: 'rent', recurrence: 'monthly', amount: 1000 },
      { externalId: 'fair', recurrence: 'none', amount: 40 },
    ]);

    const runner = jobRunner({ prisma: app.db.prisma, services: app.services, jobs: ALL_JOBS, retryDelayMs: () => 0 });
    const profit = async () => {
      expect((await runner.run('profit-snapshot', expenseAccount))[0]?.status).toBe('succeeded');
      const res = await fetch(`${app.url}/api/v1/profit?days=70`, { headers: { authorization: `Bearer ${expenseKey}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: Array<{ snapshot_date: string; extra_expenses: number; final_profit: number }> };
      return new Map(body.data.map((d) => [d.snapshot_date, { expenses: Math.round(d.extra_expenses * 100), final: Math.round(d.final_profit * 100) }]));
    };
    // Day k of a month of n days carries ⌊C·k/n⌋ − ⌊C·(k−1)/n⌋ of the month's C cents (docs/analytics.md); the one-off its own day.
    const share = (k: number) => Math.floor((100_000 * k) / days) - Math.floor((100_000 * (k - 1)) / days);
    const want = new Map(Array.from({ length: days }, (_, i) => [day(i + 1), share(i + 1) + (i + 1 === 10 ? 4_000 : 0)]));
    const served = await profit();
    const month = [...served].filter(([d]) => want.has(d));
    expect(new Map(month.map(([d, v]) => [d, v.expenses]))).toEqual(want);
    expect(month.reduce((sum, [, v]) => sum + v.expenses, 0)).toBe(100_000 + 4_000);
    expect(month.every(([, v]) => v.final === -v.expenses)).toBe(true);
    // Nothing before the month (no row) nor after it (the monthly expense ended).
    expect([...served].filter(([d]) => !want.has(d)).every(([d, v]) => d > day(days) && v.expenses === 0)).toBe(true);

    const again = await post(file);
    expect(again).toMatchObject({ status: 'succeeded', counts: { read: 6, stored: 0, skipped: 2, rejected: 4 } });
    expect(again.rejected_rows.map((r) => [r.line, r.field])).toEqual([
      [4, 'amount'],
      [5, 'recurrence'],
      [6, 'date'],
      [7, 'ends_on'],
    ]);
    expect(await stored()).toEqual(expenses);
    expect(await profit()).toEqual(served);
  });

  test('broken rows are reported by line and column while the good rows are stored', async () => {
    // Other orders than the first test's; the second order's second line has a broken price, the fourth's first line a broken quantity.
    let broken: ExportOrder[] = [];
    const file = shopifyOrdersExport({
      orders: 6,
      days: 5,
      end: END,
      seed: 5,
      first: 5001,
      tamper: (order, line, cells) => {
        if (order.name === '#5002' && line === 1) cells['Lineitem price'] = '12,34';
        else if (order.name === '#5004' && line === 0) cells['Lineitem quantity'] = 'two';
        else return;
        broken.push(order);
      },
    });
    broken = [...new Set(broken)];
    expect(broken.map((o) => o.name).sort()).toEqual(['#5002', '#5004']);
    const physical = file.csv.split('\n');
    // The n-th row of an order (a quoted note may put a row over two physical lines).
    const lineOf = (name: string, n: number) => physical.map((l, i) => (l.startsWith(`${name},`) ? i + 1 : 0)).filter(Boolean)[n]!;
    const before = await orderCount();
    const done = await imported('kind=orders&format=csv', file.csv);
    const brokenRows = broken.reduce((a, o) => a + o.lines.length, 0);
    expect(done.status).toBe('succeeded');
    expect(done.counts).toEqual({ read: done.counts.read, stored: done.counts.read - brokenRows, skipped: 0, rejected: brokenRows });
    expect(done.rejected_rows).toEqual(
      [
        { line: lineOf('#5002', 1), field: 'Lineitem price', reason: expect.any(String) },
        { line: lineOf('#5004', 0), field: 'Lineitem quantity', reason: expect.any(String) },
      ].sort((a, b) => a.line - b.line),
    );
    expect(await orderCount()).toBe(before + file.orders.filter((o) => !o.test && !broken.includes(o)).length);
  });

  test('garbage fails the import with a clear error and stores nothing; NDJSON garbage lines are rejected one by one', async () => {
    const before = await orderCount();
    const garbage = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 7919 + 13) % 256));
    const res = await upload('kind=orders&format=csv', garbage, { type: 'application/octet-stream' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as ImportBody;
    await drain();
    const done = (await get(id)).body;
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/header/);
    const nd = await imported('kind=orders&format=ndjson', 'not json\n{"externalId": 5}\n[]\n');
    expect(nd.status).toBe('succeeded');
    expect(nd.counts).toEqual({ read: 3, stored: 0, skipped: 0, rejected: 3 });
    expect(nd.rejected_rows.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(nd.rejected_rows[1]!.field).not.toBeNull();
    expect(await orderCount()).toBe(before);
  });

  test('limits and inputs: 413 over IMPORT_MAX_BYTES (declared or streamed), 415, 400 per parameter; nothing is stored', async () => {
    const imports = () => app.db.prisma.import.count();
    const before = await imports();
    const big = 'x'.repeat(MAX_BYTES + 1);
    const declared = await upload('kind=orders&format=csv', big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'payload_too_large', message: expect.stringContaining(String(MAX_BYTES)) });
    // No Content-Length: the body arrives chunked and is cut off at the limit.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(MAX_BYTES / 2)));
        controller.close();
      },
    });
    const chunked = await fetch(`${app.url}/api/v1/imports?kind=orders&format=csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const json = await upload('kind=orders&format=csv', '{}', { type: 'application/json' });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { error: string }).error).toBe('unsupported_media_type');
    for (const [query, param] of [
      ['kind=refunds&format=csv', 'kind'],
      ['kind=orders&format=xlsx', 'format'],
      ['kind=orders', 'format'],
      ['kind=orders&format=csv&source=amazon', 'source'],
    ] as const) {
      const res = await upload(query, 'a,b\n');
      expect({ query, status: res.status, body: await res.json() }).toEqual({
        query,
        status: 400,
        body: { error: 'invalid_parameter', message: expect.any(String), param },
      });
    }
    expect(await imports()).toBe(before);
  });

  test('scopes and tenancy: a read-only key cannot import; another account reads neither the import nor its id', async () => {
    const res = await upload('kind=customers&format=csv', 'email\na@example.com\n', { key: readOnly });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'scope_required:write' });
    const mine = (await (await upload('kind=customers&format=csv', 'email,name\nzoe@example.com,Zoe\n')).json()) as ImportBody;
    await drain();
    expect((await get(mine.id)).body).toMatchObject({ status: 'succeeded', counts: { read: 1, stored: 1 } });
    expect(await get(mine.id, otherKey)).toEqual({ status: 404, body: { error: 'not_found', message: expect.any(String) } });
    expect((await get(2_147_483_647)).status).toBe(404);
    expect((await get(0)).status).toBe(400);
  });

  test('Idempotency-Key: the same file again replays the 202 (one import); another file under the key is idempotency_key_reused', async () => {
    const send = (body: string) =>
      fetch(`${app.url}/api/v1/imports?kind=customers&format=csv`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv', 'idempotency-key': 'import-once-1' },
        body,
      });
    const before = await app.db.prisma.import.count();
    const first = await send('email\nidem@example.com\n');
    expect(first.status).toBe(202);
    const again = await send('email\nidem@example.com\n');
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as ImportBody).id).toBe(((await first.json()) as ImportBody).id);
    const other = await send('email\nother@example.com\n');
    expect(other.status).toBe(422);
    expect(await app.db.prisma.import.count()).toBe(before + 1);
    await drain();
  });

  test('GraphQL: importData queues a file, importJob reads it; a bad source is a user error', async () => {
    const gql = async (query: string, variables: Record<string, unknown>) =>
      (await (
        await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as { data: Record<string, unknown>; errors?: unknown };
    const mutation = `mutation($input: ImportDataInput!) { importData(input: $input) { importJob { id legacyId status } userErrors { field code } } }`;
    const content = 'date,platform,campaign_id,campaign_name,spend\n2026-11-01,meta_ads,c1,Launch,12.50\n2026-11-02,google-ads,c2,Search,7.25\n';
    const made = await gql(mutation, { input: { kind: 'ad_spend', format: 'csv', content } });
    expect(made.errors).toBeUndefined();
    const job = (made.data.importData as { importJob: { id: string; legacyId: number; status: string } }).importJob;
    expect(job.status).toBe('queued');
    await drain();
    const read = await gql(`query($id: ID!) { importJob(id: $id) { status rowsRead rowsStored rowsRejected rejectedRows { line } } }`, { id: job.id });
    expect(read.data.importJob).toEqual({ status: 'succeeded', rowsRead: 2, rowsStored: 2, rowsRejected: 0, rejectedRows: [] });
    const bad = await gql(mutation, { input: { kind: 'orders', format: 'csv', source: 'amazon', content: 'x' } });
    expect(bad.data.importData).toEqual({ importJob: null, userErrors: [{ field: ['input', 'source'], code: 'invalid_parameter' }] });
    expect(await app.db.prisma.adSpend.count({ where: { accountId } })).toBe(2);
  });

  test('GraphQL: importData of expenses in NDJSON (an ExpenseRecord a line); a one-off with an end is rejected at its field', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation($input: ImportDataInput!) { importData(input: $input) { importJob { id kind format } userErrors { field code } } }`,
        variables: {
          input: {
            kind: 'expenses',
            format: 'ndjson',
            content: [
              { externalId: 'gql-rent', updatedAt: null, date: '2026-10-01', category: 'rent', amount: '900.00', recurrence: 'monthly', endsOn: '2026-10-31' },
              { externalId: 'gql-fee', updatedAt: null, date: '2026-10-05', category: 'fees', description: 'Bank', amount: '3.10' },
              { externalId: 'gql-bad', updatedAt: null, date: '2026-10-06', category: 'fees', amount: '1.00', recurrence: 'none', endsOn: '2026-10-07' },
            ]
              .map((r) => JSON.stringify(r))
              .join('\n'),
          },
        },
      }),
    });
    const made = (await res.json()) as { data: { importData: { importJob: { id: string; kind: string; format: string }; userErrors: unknown[] } } };
    expect(made.data.importData).toMatchObject({ importJob: { kind: 'expenses', format: 'ndjson' }, userErrors: [] });
    await drain();
    const read = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query($id: ID!) { importJob(id: $id) { status rowsRead rowsStored rowsRejected rejectedRows { line field } } }`,
        variables: { id: made.data.importData.importJob.id },
      }),
    });
    expect(((await read.json()) as { data: unknown }).data).toEqual({
      importJob: { status: 'succeeded', rowsRead: 3, rowsStored: 2, rowsRejected: 1, rejectedRows: [{ line: 3, field: 'endsOn' }] },
    });
    const stored = await app.db.prisma.expense.findMany({ where: { accountId }, orderBy: { externalId: 'asc' } });
    expect(stored.map((e) => [e.externalId, e.recurrence, Number(e.amount)])).toEqual([
      ['gql-fee', 'none', 3.1],
      ['gql-rent', 'monthly', 900],
    ]);
  });
});

export type { ExportOrder };

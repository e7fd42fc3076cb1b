// The import's readers without a database: a generated Shopify orders export read back into
// ingestion records (grouped by order, amounts and customers as the file says), the generic CSV,
// NDJSON, and the faults each reports by line and field.
import { Readable } from 'node:stream';
import { csvRows, ndjsonRows, MAX_RECORD_BYTES } from '../../src/domain/imports/read.ts';
import { csvRecords, ImportFileError } from '../../src/domain/imports/csv-records.ts';
import { ndjsonRecord, type ImportKind, type ReadItem } from '../../src/domain/imports/records.ts';
import type { OrderRecord } from '../../src/domain/ingestion/index.ts';
import { shopifyOrdersExport } from '../factories/shopify-export.ts';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
const csv = (text: string, kind: ImportKind = 'orders') => collect(csvRecords(kind, csvRows(Readable.from([Buffer.from(text)]))));
const cents = (money: string | undefined) => Math.round(Number(money ?? '0') * 100);

test('a Shopify orders export: one record per order with every line item, the customer, refunds, test and cancelled orders', async () => {
  const end = new Date('2026-11-20T12:00:00Z');
  const file = shopifyOrdersExport({ orders: 40, days: 30, end, seed: 7 });
  let dialect = '';
  const items = await collect(csvRecords('orders', csvRows(Readable.from([Buffer.from(file.csv)])), (d) => (dialect = d)));
  expect(dialect).toBe('shopify');
  expect(items.every((i) => i.kind === 'record')).toBe(true);
  expect(items).toHaveLength(file.orders.length);
  expect(items.reduce((a, i) => a + i.rows, 0)).toBe(file.orders.reduce((a, o) => a + o.lines.length, 0));
  for (const [n, order] of file.orders.entries()) {
    const item = items[n] as Extract<ReadItem, { kind: 'record' }>;
    const record = item.record as OrderRecord;
    expect(record.externalId).toBe(String(order.id));
    expect(new Date(record.placedAt).getTime()).toBe(Math.floor(order.placedAt.getTime() / 1000) * 1000);
    expect(cents(record.total)).toBe(order.total);
    expect(cents(record.subtotal)).toBe(order.subtotal);
    expect(cents(record.discountTotal)).toBe(order.discount);
    expect(cents(record.shippingTotal)).toBe(order.shipping);
    expect(cents(record.taxTotal)).toBe(order.taxes);
    expect(record.lines.map((l) => [l.sku, l.quantity, cents(l.unitPrice)])).toEqual(order.lines.map((l) => [l.sku || l.name, l.quantity, l.price]));
    expect(record.customer).toMatchObject({ externalId: order.email, email: order.email, name: order.customerName, country: order.country });
    expect(record.test).toBe(order.test);
    expect(record.cancelledAt !== null).toBe(order.cancelled);
    expect((record.refunds ?? []).reduce((a, r) => a + cents(r.amount), 0)).toBe(order.refunded);
    expect(record.updatedAt).not.toBeNull();
  }
});

test('a field ingestion rejects is located at its row and Shopify column; an order row without Name is rejected alone', async () => {
  const file = shopifyOrdersExport({ orders: 3, days: 5, end: new Date('2026-11-20T12:00:00Z'), seed: 3 });
  const lines = file.csv.trimEnd().split('\n');
  // A quoted note spans two physical lines: records are located by the line they start on.
  const items = await csv([...lines, ',a@b.example,paid'].join('\n'));
  expect(items.filter((i) => i.kind === 'rejected')).toEqual([{ kind: 'rejected', line: lines.length + 1, rows: 1, field: 'Name', reason: 'required' }]);
  const multi = items.find((i) => i.kind === 'record' && i.rows > 1) as Extract<ReadItem, { kind: 'record' }>;
  expect(multi.locate('lines[1].unitPrice')).toEqual({ line: multi.line + 1 + (lines[multi.line - 1]!.includes('"Leave') ? 1 : 0), field: 'Lineitem price' });
  expect(multi.locate('customer.email')).toEqual({ line: multi.line, field: 'Email' });
  expect(multi.locate('total')).toEqual({ line: multi.line, field: 'Total' });
});

test('a CSV whose header does not fit the kind, or an empty one, is an ImportFileError naming the columns', async () => {
  await expect(csv('foo,bar\n1,2\n')).rejects.toThrow(
    new ImportFileError('the header lacks the column(s): order_id, placed_at, currency, subtotal, total, sku, quantity, unit_price'),
  );
  await expect(csv('')).rejects.toThrow(ImportFileError);
  await expect(csv('sku,name\n', 'customers')).rejects.toThrow('the header lacks the column(s): email');
});

test('generic CSV: customers, products with stock, ad spend (the v1 platform spelling too)', async () => {
  const [customer] = await csv('email,name,country\nAna@Example.com,Ana,br\n', 'customers');
  expect(customer).toMatchObject({ kind: 'record', line: 2, record: { externalId: 'ana@example.com', email: 'Ana@Example.com', name: 'Ana', country: 'br' } });
  const [product, bare] = await csv('sku,product_name,unit_cost,unit_price,available\nTEE,Tee,5.00,20.00,12\nCAP,Cap,,,\n', 'products');
  expect(product).toMatchObject({
    record: { product: { sku: 'TEE', productName: 'Tee', unitCost: '5.00', unitPrice: '20.00' }, stock: { sku: 'TEE', available: 12 } },
  });
  expect(bare).toMatchObject({ record: { stock: null } });
  const [ad] = await csv('date,platform,campaign_id,spend,clicks\n2026-11-01,meta-ads,c1,12.50,30\n', 'ad_spend');
  expect(ad).toMatchObject({ record: { platform: 'meta_ads', campaignId: 'c1', date: '2026-11-01', spend: '12.50', clicks: 30 } });
  expect((ad as Extract<ReadItem, { kind: 'record' }>).locate('spend')).toEqual({ line: 2, field: 'spend' });
});

test('generic CSV: expenses, one-off (none, one-off or no recurrence) and monthly with an end; another recurrence passed on for ingestion to reject', async () => {
  const [rent, fee, fair, odd] = await csv(
    'expense_id,date,category,description,amount,recurrence,ends_on\n' +
      'rent,2026-10-01,rent,Shop,1000.00,monthly,2026-12-31\n' +
      'fee,2026-10-10,fees,,40.00,one-off,\n' +
      'fair,2026-10-11,events,Fair,15.00,,\n' +
      'odd,2026-10-12,misc,,5.00,weekly,\n',
    'expenses',
  );
  expect(rent).toMatchObject({
    line: 2,
    record: {
      externalId: 'rent',
      updatedAt: null,
      date: '2026-10-01',
      category: 'rent',
      description: 'Shop',
      amount: '1000.00',
      recurrence: 'monthly',
      endsOn: '2026-12-31',
    },
  });
  expect(fee).toMatchObject({ record: { externalId: 'fee', amount: '40.00', recurrence: 'none' } });
  expect((fee as Extract<ReadItem, { kind: 'record' }>).record).not.toHaveProperty('description');
  expect((fair as Extract<ReadItem, { kind: 'record' }>).record).not.toHaveProperty('recurrence');
  expect(odd).toMatchObject({ record: { recurrence: 'weekly' } });
  expect((rent as Extract<ReadItem, { kind: 'record' }>).locate('endsOn')).toEqual({ line: 2, field: 'ends_on' });
  await expect(csv('date,category,amount\n2026-10-01,rent,1.00\n', 'expenses')).rejects.toThrow('the header lacks the column(s): expense_id');
});

test('NDJSON: objects by line, blank lines skipped, a line that is not JSON or not an object rejected, an overlong line rejected without buffering it', async () => {
  const long = 'x'.repeat(MAX_RECORD_BYTES + 10);
  const text = `{"externalId":"1"}\n\nnot json\n[1]\n"${long}"\n{"externalId":"2"}`;
  const rows = await collect(ndjsonRows(Readable.from([Buffer.from(text.slice(0, 20)), Buffer.from(text.slice(20))])));
  expect(rows.map((r) => r.line)).toEqual([1, 3, 4, 5, 6]);
  expect(rows[1]).toEqual({ line: 3, unreadable: 'the line is not JSON' });
  expect(rows[3]).toMatchObject({ line: 5, unreadable: expect.stringContaining('longer than') });
  expect(ndjsonRecord('orders', [1], 4)).toMatchObject({ kind: 'rejected', reason: 'the line is not a JSON object' });
  expect(ndjsonRecord('products', { sku: 'A', productName: 'A', updatedAt: null, available: 3 }, 1)).toMatchObject({
    record: { product: { sku: 'A' }, stock: { sku: 'A', available: 3, updatedAt: null } },
  });
});

test('garbage CSV bytes: the header cannot be read or lacks the columns; no parser error escapes', async () => {
  const garbage = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919) % 256));
  await expect(collect(csvRecords('orders', csvRows(Readable.from([garbage]))))).rejects.toThrow(ImportFileError);
});

test('a record with a stray quote is reported once at its line, after the rows before it; the header and the rows after it are read', async () => {
  const rows = await collect(csvRows(Readable.from([Buffer.from('a,b,c\n1,2,3\n4,"x "y" z",6\n7,8,9\n')])));
  expect(rows).toEqual([
    { line: 1, cells: ['a', 'b', 'c'] },
    { line: 2, cells: ['1', '2', '3'] },
    { line: 3, unreadable: expect.stringContaining('Invalid Closing Quote') },
    { line: 4, cells: ['7', '8', '9'] },
  ]);
  // Through the generic customers' columns: the broken row rejected alone, the others stored.
  const items = await csv('email,name\na@example.com,"A "B" C"\nb@example.com,B\n', 'customers');
  expect(items.map((i) => [i.kind, i.line])).toEqual([
    ['rejected', 2],
    ['record', 3],
  ]);
});

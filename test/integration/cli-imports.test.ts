// `svc import` in a child process, as a store owner's first run: an account made with
// `svc accounts create`, a generated Shopify orders export imported into it (the summary, the
// orders stored), the same file again (every row skipped, nothing changed), a broken file (exit 1
// with the error), a file of expenses (a broken row reported by line and column), and bad
// arguments (exit 2).
import { afterAll, beforeAll, expect, jest, test } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { CLI_TEST_TIMEOUT_MS, svc } from '../helpers/cli.ts';
import { servicesOn } from '../factories/credits.ts';
import { shopifyOrdersExport } from '../factories/shopify-export.ts';
import type { Database } from '../../src/db/database.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

let database: TestDatabase;
let db: Database;
let dir: string;
const env = () => ({ DATABASE_URL: database.connectionString, DEMO_SEED: 'false' });

beforeAll(async () => {
  const targets = databaseTargets();
  database = await targets[targets.length - 1]!.create();
  ({ db } = await servicesOn(database));
  dir = mkdtempSync(path.join(tmpdir(), 'svc-import-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await db?.close();
  await database?.close();
});

test('svc accounts create, then svc import orders of a Shopify export; again: every row skipped', async () => {
  const made = await svc(['accounts', 'create', '--name', 'Acme Apparel', '--json'], env());
  expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: '' });
  const accountId = (JSON.parse(made.stdout) as { id: string }).id;
  const file = shopifyOrdersExport({ orders: 25, days: 10, end: new Date(Date.now() - 3_600_000), seed: 21 });
  const csv = path.join(dir, 'orders_export.csv');
  writeFileSync(csv, file.csv);
  const rows = file.orders.reduce((a, o) => a + o.lines.length, 0);

  const first = await svc(['import', 'orders', csv, '--account', accountId, '--json'], env());
  expect({ code: first.code, stderr: first.stderr.replace(/^import: .*\n/gm, '') }).toEqual({ code: 0, stderr: '' });
  expect(JSON.parse(first.stdout)).toMatchObject({ status: 'succeeded', dialect: 'shopify', counts: { read: rows, stored: rows, skipped: 0, rejected: 0 } });
  const stored = await db.prisma.order.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
  expect(stored.map((o) => o.externalId).sort()).toEqual(
    file.orders
      .filter((o) => !o.test)
      .map((o) => String(o.id))
      .sort(),
  );

  const again = await svc(['import', 'orders', csv, '--account', accountId], env());
  expect(again.code).toBe(0);
  expect(again.stdout).toMatch(new RegExp(`succeeded: ${rows} rows read, 0 stored, ${rows} skipped, 0 rejected`));
  expect(await db.prisma.order.findMany({ where: { accountId }, orderBy: { id: 'asc' } })).toEqual(stored);

  // A file that is not an orders export: exit 1 with the columns it lacks; nothing stored.
  const wrong = path.join(dir, 'customers.csv');
  writeFileSync(wrong, 'email,name\na@example.com,A\n');
  const failed = await svc(['import', 'orders', wrong, '--account', accountId], env());
  expect(failed.code).toBe(1);
  expect(failed.stdout).toMatch(/failed.*\n.*error: the header lacks the column\(s\): order_id/);
  expect(await db.prisma.order.count({ where: { accountId } })).toBe(stored.length);

  // Expenses: a monthly one, a one-off, and a row whose amount is not money (line 4, column amount).
  const expenses = path.join(dir, 'expenses.csv');
  writeFileSync(
    expenses,
    'expense_id,date,category,amount,recurrence\nrent,2026-10-01,rent,1000.00,monthly\nfair,2026-10-10,events,40.00,one-off\nbad,2026-10-11,fees,abc,\n',
  );
  const imported = await svc(['import', 'expenses', expenses, '--account', accountId], env());
  expect({ code: imported.code, stdout: imported.stdout }).toEqual({
    code: 0,
    stdout: expect.stringMatching(/succeeded: 3 rows read, 2 stored, 0 skipped, 1 rejected\n {2}line 4 amount: /),
  });
  expect((await db.prisma.expense.findMany({ where: { accountId }, orderBy: { id: 'asc' } })).map((e) => [e.externalId, e.recurrence])).toEqual([
    ['rent', 'monthly'],
    ['fair', 'none'],
  ]);
});

test('bad arguments exit 2 before touching the database: unknown kind, no format, no file, no account', async () => {
  const txt = path.join(dir, 'data.txt');
  writeFileSync(txt, 'x');
  for (const args of [
    ['import', 'refunds', txt, '--account', 'acc_x', '--format', 'csv'],
    ['import', 'orders', txt, '--account', 'acc_x'],
    ['import', 'orders', path.join(dir, 'missing.csv'), '--account', 'acc_x'],
    ['import', 'orders', txt, '--format', 'csv'],
  ]) {
    const result = await svc(args, env());
    expect({ args, code: result.code }).toEqual({ args, code: 2 });
  }
});

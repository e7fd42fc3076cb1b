// The refund attribution setting through real HTTP (docs/graphql.md, docs/ingestion.md "Refund
// attribution"): Account.refundAttribution reads ORDER_DAY by default; setRefundAttribution sets it
// (write: a key with write or an owner's session; a read-only key gets scope_required:write, a
// member owner_required) and marks every day a refund touches for the analytics catch-up in the
// same transaction, so once the catch-up runs a refund placed on day A and refunded on day B is in
// day B's profitReport and /api/v1/profit row, exact to the cent, and no longer in day A's;
// switching back restores it; a value outside the enum is refused before anything runs; another
// account's setting and snapshots are untouched. The catch-up is run as the job runs it
// (services.catchup.catchUp), never waited for.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import { dashboardEnv, sessionGraphql, signedInUser } from '../helpers/dashboard.ts';
import { codes, gql } from './helpers.ts';
import type { Origin } from '../../src/domain/ingestion/index.ts';
import { localDate } from '../../src/domain/shared/index.ts';

const TZ = 'America/New_York';
const DAY_MS = 86_400_000;
const SHOP: Origin = { source: 'shopify', integrationId: null, via: 'connector' };

const SET = `mutation Set($input: SetRefundAttributionInput!) {
  setRefundAttribution(input: $input) { account { id refundAttribution } changed markedDays userErrors { field code message } }
}`;
const READ = '{ viewer { account { refundAttribution } } }';

describeEachDatabase('refund attribution setting', (target) => {
  let database: TestDatabase;
  let t: TestApp;
  let accountA: string;
  let accountB: string;
  let writeKeyA: string;
  let readKeyA: string;
  let readKeyB: string;
  // Day A: the order's local day (40 days back); day B: its refund's (10 days back).
  const placedAt = new Date(Date.now() - 40 * DAY_MS);
  const refundedAt = new Date(Date.now() - 10 * DAY_MS);
  const dayA = localDate(placedAt, TZ);
  const dayB = localDate(refundedAt, TZ);

  /** A sale of 100.00 on day A, partially refunded (33.33) on day B, and a sale of 20.00 on day B, through the ingestion commands. */
  async function writeSales(accountId: string): Promise<void> {
    const sale = (externalId: string, at: Date, total: string) => ({
      externalId,
      updatedAt: at.toISOString(),
      placedAt: at.toISOString(),
      currency: 'USD',
      subtotal: total,
      total,
      lines: [{ sku: 'MUG-1', quantity: 1, unitPrice: total, unitCost: '5.00', productName: 'Mug' }],
    });
    const orders = await t.services.ingestion.upsertOrders(accountId, SHOP, [sale('o-1', placedAt, '100.00'), sale('o-2', refundedAt, '20.00')]);
    expect(orders.counts.stored).toBe(2);
    const refunds = await t.services.ingestion.upsertRefunds(accountId, SHOP, [
      { externalId: 'r-1', orderExternalId: 'o-1', updatedAt: refundedAt.toISOString(), refundedAt: refundedAt.toISOString(), amount: '33.33' },
    ]);
    expect(refunds.counts.stored).toBe(1);
    await t.services.catchup.catchUp(accountId);
    expect(await t.services.catchup.pending(accountId)).toEqual([]);
  }

  /** profitReport's refunds and gross of one local day, and of the range from day A to day B, as the exact decimal strings. */
  async function report(key: string) {
    const answer = await gql(
      t,
      key,
      `query($from: Date!, $to: Date!) { profitReport(range: { from: $from, to: $to }, interval: DAY) {
         buckets { start totals { grossRevenue { amount } refunds { amount } } } totals { refunds { amount } grossRevenue { amount } } } }`,
      { from: dayA, to: dayB },
    );
    expect(answer.body.errors).toBeUndefined();
    const report = answer.body.data.profitReport;
    const bucket = (day: string) => report.buckets.find((b: { start: string }) => b.start === day)?.totals;
    return {
      dayA: { gross: bucket(dayA)?.grossRevenue.amount, refunds: bucket(dayA)?.refunds.amount },
      dayB: { gross: bucket(dayB)?.grossRevenue.amount, refunds: bucket(dayB)?.refunds.amount },
      total: { gross: report.totals.grossRevenue.amount, refunds: report.totals.refunds.amount },
    };
  }

  /** The /api/v1/profit rows of days A and B (refunds). */
  async function restRefunds(key: string) {
    const res = await fetch(`${t.url}/api/v1/profit?days=60`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ snapshot_date: string; refunds: number }> };
    const of = (day: string) => body.data.find((d) => d.snapshot_date === day)?.refunds;
    return { dayA: of(dayA), dayB: of(dayB) };
  }

  const attributionOf = async (accountId: string) =>
    (await t.db.prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { refundAttribution: true } })).refundAttribution;

  const ON_ORDER_DAY = {
    dayA: { gross: '100.00', refunds: '33.33' },
    dayB: { gross: '20.00', refunds: '0.00' },
    total: { gross: '120.00', refunds: '33.33' },
  };
  const ON_REFUND_DAY = {
    dayA: { gross: '100.00', refunds: '0.00' },
    dayB: { gross: '20.00', refunds: '33.33' },
    total: { gross: '120.00', refunds: '33.33' },
  };

  beforeAll(async () => {
    database = await target.create();
    t = await startTestApp(database, { ...dashboardEnv(), RATE_LIMIT_PER_MINUTE: '1000000' });
    accountA = (await makeAccount(t.db.prisma, { name: 'Store A', timezone: TZ })).id;
    accountB = (await makeAccount(t.db.prisma, { name: 'Store B', timezone: TZ })).id;
    writeKeyA = await makeKey(t.db.prisma, accountA, ['read', 'write']);
    readKeyA = await makeKey(t.db.prisma, accountA, ['read']);
    readKeyB = await makeKey(t.db.prisma, accountB, ['read']);
    await writeSales(accountA);
    await writeSales(accountB);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  test('the default is ORDER_DAY: the refund is on its order day', async () => {
    const read = await gql(t, readKeyA, READ);
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data).toEqual({ viewer: { account: { refundAttribution: 'ORDER_DAY' } } });
    expect(await report(readKeyA)).toEqual(ON_ORDER_DAY);
    expect(await restRefunds(readKeyA)).toEqual({ dayA: 33.33, dayB: 0 });
  });

  test('REFUND_DAY moves the refund to its own day once the catch-up runs; ORDER_DAY moves it back; the other account is untouched', async () => {
    const set = await gql(t, writeKeyA, SET, { input: { attribution: 'REFUND_DAY' } });
    expect(set.status).toBe(200);
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data.setRefundAttribution).toEqual({
      account: { id: expect.any(String), refundAttribution: 'REFUND_DAY' },
      changed: true,
      markedDays: 2,
      userErrors: [],
    });
    expect((await gql(t, readKeyA, READ)).body.data.viewer.account.refundAttribution).toBe('REFUND_DAY');
    // Both days are marked in the setting's transaction; nothing of account B's.
    expect((await t.services.catchup.pending(accountA)).filter((m) => m.kind === 'day').map((m) => m.key)).toEqual([dayA, dayB].sort());
    expect(await t.services.catchup.pending(accountB)).toEqual([]);

    await t.services.catchup.catchUp(accountA);
    expect(await report(readKeyA)).toEqual(ON_REFUND_DAY);
    expect(await restRefunds(readKeyA)).toEqual({ dayA: 0, dayB: 33.33 });

    // Account B keeps its setting and its snapshots.
    expect(await attributionOf(accountB)).toBe('order_day');
    expect((await gql(t, readKeyB, READ)).body.data.viewer.account.refundAttribution).toBe('ORDER_DAY');
    expect(await report(readKeyB)).toEqual(ON_ORDER_DAY);

    // The same value again changes and marks nothing.
    const again = await gql(t, writeKeyA, SET, { input: { attribution: 'REFUND_DAY' } });
    expect(again.body.data.setRefundAttribution).toMatchObject({ changed: false, markedDays: 0, userErrors: [] });
    expect(await t.services.catchup.pending(accountA)).toEqual([]);

    const back = await gql(t, writeKeyA, SET, { input: { attribution: 'ORDER_DAY' } });
    expect(back.body.data.setRefundAttribution).toMatchObject({ account: { refundAttribution: 'ORDER_DAY' }, changed: true, markedDays: 2, userErrors: [] });
    await t.services.catchup.catchUp(accountA);
    expect(await report(readKeyA)).toEqual(ON_ORDER_DAY);
    expect(await restRefunds(readKeyA)).toEqual({ dayA: 33.33, dayB: 0 });
  });

  test('a value outside the enum is refused before anything runs and changes nothing', async () => {
    const before = await attributionOf(accountA);
    for (const bad of ['WHENEVER', 'refund_day', '', null, 3]) {
      const answer = await gql(t, writeKeyA, SET, { input: { attribution: bad } });
      expect([bad, answer.status]).toEqual([bad, 400]);
      expect(answer.body.data).toBeUndefined();
      expect(codes(answer)).toEqual(['invalid_parameter']);
      expect(answer.body.errors[0].message).toMatch(/RefundAttribution/);
    }
    // Written into the document: a validation error naming the enum.
    const literal = await gql(t, writeKeyA, 'mutation { setRefundAttribution(input: { attribution: SOMEDAY }) { changed } }');
    expect(literal.status).toBe(400);
    expect(codes(literal)).toEqual(['invalid_parameter']);
    expect(literal.body.errors[0].message).toMatch(/RefundAttribution/);
    expect(await attributionOf(accountA)).toBe(before);
    expect(await t.services.catchup.pending(accountA)).toEqual([]);
  });

  test('a read-only key gets scope_required:write, a member owner_required; an owner may; nothing else changes', async () => {
    const before = await attributionOf(accountA);
    const viaReadKey = await gql(t, readKeyA, SET, { input: { attribution: 'REFUND_DAY' } });
    expect(codes(viaReadKey)).toEqual(['scope_required:write']);
    expect(viaReadKey.body.data.setRefundAttribution).toBeNull();

    const member = (await signedInUser(t, accountA, 'member')).cookie;
    const viaMember = await sessionGraphql(t, member, SET, { input: { attribution: 'REFUND_DAY' } });
    expect(viaMember.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['owner_required']);
    expect(viaMember.data.setRefundAttribution).toBeNull();
    // A member reads the setting.
    expect((await sessionGraphql(t, member, READ)).data.viewer.account.refundAttribution).toBe('ORDER_DAY');
    expect(await attributionOf(accountA)).toBe(before);
    expect(await t.services.catchup.pending(accountA)).toEqual([]);

    // A write-only key changes it and reads the outcome, not the account.
    const writeOnly = await makeKey(t.db.prisma, accountA, ['write']);
    const viaWriteOnly = await gql(
      t,
      writeOnly,
      'mutation { setRefundAttribution(input: { attribution: REFUND_DAY }) { changed markedDays userErrors { code } } }',
    );
    expect(viaWriteOnly.body.errors).toBeUndefined();
    expect(viaWriteOnly.body.data).toEqual({ setRefundAttribution: { changed: true, markedDays: 2, userErrors: [] } });

    const owner = (await signedInUser(t, accountA, 'owner')).cookie;
    const viaOwner = await sessionGraphql(t, owner, SET, { input: { attribution: 'ORDER_DAY' } });
    expect(viaOwner.errors).toBeUndefined();
    expect(viaOwner.data.setRefundAttribution).toMatchObject({ account: { refundAttribution: 'ORDER_DAY' }, changed: true, userErrors: [] });
    await t.services.catchup.catchUp(accountA);
    expect(await report(readKeyA)).toEqual(ON_ORDER_DAY);
    expect(await attributionOf(accountB)).toBe('order_day');
  });
});

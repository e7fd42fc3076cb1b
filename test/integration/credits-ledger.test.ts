// The credit ledger under concurrency: debits are one conditional update, the balance never goes
// negative and always equals the ledger's sum; refunds happen at most once; events fire exactly on
// their crossing; auto top-up fires once per crossing; paused AI debits nothing.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { makeAccount } from '../factories/index.ts';
import { eventCounts, ledgerRows, servicesOn } from '../factories/credits.ts';
import type { Database } from '../../src/db/database.ts';
import type { Services } from '../../src/services.ts';
import { AppError } from '../../src/errors.ts';
import { eventsRepo } from '../../src/domain/events/index.ts';

describeEachDatabase('credits ledger', (target) => {
  let database: TestDatabase;
  let db: Database;
  let services: Services;
  beforeAll(async () => {
    database = await target.create();
    ({ db, services } = await servicesOn(database));
  });
  afterAll(async () => {
    await db?.close();
    await database?.close();
  });

  const newAccount = async (credits: number) => {
    const { id } = await makeAccount(db.prisma);
    if (credits > 0) await services.credits.purchase(id, credits);
    return id;
  };
  const codeOf = (error: unknown) => (error instanceof AppError ? error.code : String(error));

  test.each([
    ['leaves a remainder', 503, 100, 3],
    ['ends at exactly zero', 500, 100, 0],
  ])('200 concurrent debits against a balance that covers only some (%s)', async (_label, start, expectedOk, expectedBalance) => {
    const accountId = await newAccount(start);
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => services.credits.debit(accountId, 'ai_insight')));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(expectedOk);
    expect(refused.map((r) => codeOf(r.reason))).toEqual(Array(200 - expectedOk).fill('payment_required'));
    expect(await services.credits.currentBalance(accountId)).toBe(expectedBalance);
    expect(await services.credits.ledgerSum(accountId)).toBe(expectedBalance);
    const rows = await ledgerRows(db, accountId);
    expect(rows.filter((r) => r.kind === 'consume')).toHaveLength(expectedOk);
    expect(Math.min(...rows.map((r) => r.balanceAfter))).toBeGreaterThanOrEqual(0);
    // Every balance_after is distinct and in steps of 5: the updates were serialized.
    const afters = rows
      .filter((r) => r.kind === 'consume')
      .map((r) => r.balanceAfter)
      .sort((a, b) => b - a);
    expect(afters).toEqual(Array.from({ length: expectedOk }, (_, i) => start - 5 * (i + 1)));
    const counts = await eventCounts(db, accountId);
    expect(counts['credit.consumed']).toBe(expectedOk);
    expect(counts['credits.low']).toBe(1);
    expect(counts['credits.depleted'] ?? 0).toBe(expectedBalance === 0 ? 1 : 0);
    const summary = await services.credits.getCreditSummary(accountId);
    expect(summary.totalSpent).toBe(expectedOk * 5);
    expect(summary.totalPurchased).toBe(start);
  });

  test('credits.low fires on each crossing from >= 100 to < 100 and never twice for one; depleted at 0', async () => {
    const accountId = await newAccount(110);
    const low = async () => (await eventsRepo(db.prisma).listForAccount(accountId, { name: 'credits.low' })).map((e) => e.data);
    await services.credits.debit(accountId, 'daily_brief'); // 110 -> 100: not below 100
    expect(await low()).toEqual([]);
    await services.credits.debit(accountId, 'ai_insight'); // 100 -> 95: crossing
    expect(await low()).toEqual([{ balance: 95, threshold: 100, last_feature: 'ai_insight' }]);
    await services.credits.debit(accountId, 'ai_insight'); // 95 -> 90: already below
    expect(await low()).toHaveLength(1);
    await services.credits.purchase(accountId, 100); // 190
    await services.credits.debit(accountId, 'creative_analysis'); // 140
    expect(await low()).toHaveLength(1);
    await services.credits.debit(accountId, 'creative_analysis'); // 90: a new crossing
    expect(await low()).toEqual([
      { balance: 95, threshold: 100, last_feature: 'ai_insight' },
      { balance: 90, threshold: 100, last_feature: 'creative_analysis' },
    ]);
    await services.credits.debit(accountId, 'shipping_export_carrier_api', { units: 30 }); // 90 -> 0
    const depleted = await eventsRepo(db.prisma).listForAccount(accountId, { name: 'credits.depleted' });
    expect(depleted.map((e) => e.data)).toEqual([{ balance: 0, last_feature: 'shipping_export_carrier_api', last_amount: 90 }]);
    await expect(services.credits.debit(accountId, 'ai_insight')).rejects.toMatchObject({ code: 'payment_required' });
    const counts = await eventCounts(db, accountId);
    expect(counts['credits.depleted']).toBe(1);
    expect(counts['credits.low']).toBe(2);
    expect(counts['credit.consumed']).toBe(6);
    expect(counts['credits.recharged']).toBe(2);
    expect(counts['purchase.created']).toBe(2);
    const consumed = await eventsRepo(db.prisma).listForAccount(accountId, { name: 'credit.consumed' });
    const rows = (await ledgerRows(db, accountId)).filter((r) => r.kind === 'consume');
    expect(consumed.map((e) => e.data)).toEqual(rows.map((r) => ({ transaction_id: r.id, feature: r.feature, amount: -r.amount, balance: r.balanceAfter })));
  });

  test('a purchase records the checkout session and emits credits.recharged and purchase.created', async () => {
    const accountId = await newAccount(0);
    const paid = await services.credits.purchase(accountId, 250, { customerEmail: 'owner@example.com' });
    expect(paid.balance).toBe(250);
    expect(paid.checkoutSession).toMatch(/^cs_sim_[0-9a-f]{24}$/);
    const [row] = await ledgerRows(db, accountId);
    expect(row).toMatchObject({
      kind: 'purchase',
      amount: 250,
      balanceAfter: 250,
      meta: { checkout_session: paid.checkoutSession, invoice_id: paid.invoiceId },
    });
    const events = await eventsRepo(db.prisma).listForAccount(accountId);
    expect(events.map((e) => [e.name, e.data])).toEqual([
      ['credits.recharged', { credits_added: 250, new_balance: 250, stripe_session: paid.checkoutSession, source: 'purchase' }],
      ['purchase.created', { invoice_id: paid.invoiceId, amount: 2.5, currency: 'USD', customer_email: 'owner@example.com' }],
    ]);
    for (const bad of [0, -5, 1.5, 2_000_000])
      await expect(services.credits.purchase(accountId, bad)).rejects.toMatchObject({ code: 'invalid_parameter', details: { param: 'credits' } });
    expect(await services.credits.currentBalance(accountId)).toBe(250);
  });

  test('auto top-up fires once when concurrent debits cross the threshold, and again only on a new crossing', async () => {
    const accountId = await newAccount(120);
    await services.credits.setAutoTopup(accountId, { enabled: true, threshold: 100, amount: 500 });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => services.credits.debit(accountId, 'ai_insight')));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    let rows = await ledgerRows(db, accountId);
    expect(rows.filter((r) => r.kind === 'auto_topup')).toHaveLength(1);
    expect(await services.credits.currentBalance(accountId)).toBe(120 + 500 - 5 * ok);
    expect(await services.credits.ledgerSum(accountId)).toBe(120 + 500 - 5 * ok);
    let counts = await eventCounts(db, accountId);
    expect(counts['credits.recharged']).toBe(2);
    const recharges = await eventsRepo(db.prisma).listForAccount(accountId, { name: 'credits.recharged' });
    expect((recharges[1]!.data as { source: string; credits_added: number }).source).toBe('auto_topup');
    expect((await services.credits.getCreditSummary(accountId)).autoTopupLastChargedAt).not.toBeNull();
    // Spend down to the threshold and under it again: a second crossing, a second top-up.
    const balance = await services.credits.currentBalance(accountId);
    const steps = Math.floor((balance - 100) / 5) + 1;
    let topups = 0;
    for (let i = 0; i < steps; i++) if ((await services.credits.debit(accountId, 'ai_insight')).autoTopup) topups++;
    expect(topups).toBe(1);
    rows = await ledgerRows(db, accountId);
    expect(rows.filter((r) => r.kind === 'auto_topup')).toHaveLength(2);
    counts = await eventCounts(db, accountId);
    expect(counts['credits.recharged']).toBe(3);
    expect(counts['purchase.created']).toBe(3);
    expect(await services.credits.ledgerSum(accountId)).toBe(await services.credits.currentBalance(accountId));
  });

  test('a failed automatic top-up payment leaves the debit standing and records nothing else', async () => {
    const { db: db2, services: declined } = await servicesOn(database, {
      payments: {
        async checkout() {
          throw new Error('card declined');
        },
      },
    });
    try {
      const { id: accountId } = await makeAccount(db.prisma);
      await services.credits.purchase(accountId, 105);
      await declined.credits.setAutoTopup(accountId, { enabled: true, threshold: 100, amount: 500 });
      const result = await declined.credits.debit(accountId, 'ai_insight');
      expect(result).toMatchObject({ balance: 100, autoTopup: null, autoTopupError: null });
      const crossing = await declined.credits.debit(accountId, 'ai_insight');
      expect(crossing).toMatchObject({ balance: 95, autoTopup: null, autoTopupError: 'card declined' });
      expect((await ledgerRows(db, accountId)).map((r) => r.kind)).toEqual(['purchase', 'consume', 'consume']);
      expect(await services.credits.ledgerSum(accountId)).toBe(95);
      expect((await eventCounts(db, accountId))['credits.recharged']).toBe(1);
    } finally {
      await db2.close();
    }
  });

  test('a refund happens at most once, even when many run concurrently, and never for more than the debit took', async () => {
    const accountId = await newAccount(100);
    const debit = await services.credits.debit(accountId, 'forecast'); // 80
    const refunds = await Promise.all(Array.from({ length: 6 }, () => services.credits.refund(accountId, debit.transactionId)));
    expect(refunds.filter((r) => !r.alreadyRefunded)).toHaveLength(1);
    expect(new Set(refunds.map((r) => r.transactionId)).size).toBe(1);
    for (const r of refunds) expect(r).toMatchObject({ refundOf: debit.transactionId, amount: 20, balance: 100 });
    const rows = await ledgerRows(db, accountId);
    expect(rows.filter((r) => r.kind === 'refund')).toEqual([
      expect.objectContaining({ amount: 20, refundOfId: debit.transactionId, balanceAfter: 100, meta: { refund_of: debit.transactionId } }),
    ]);
    expect(await services.credits.currentBalance(accountId)).toBe(100);
    expect(await services.credits.ledgerSum(accountId)).toBe(100);
    expect((await eventCounts(db, accountId))['credit.refunded']).toBe(1);
    expect((await services.credits.getCreditSummary(accountId)).totalSpent).toBe(0);
    // Not a debit, unknown, or another account's: not_found, nothing changes.
    const other = await newAccount(50);
    const otherDebit = await services.credits.debit(other, 'ai_insight');
    for (const id of [refunds[0]!.transactionId, 999_999, otherDebit.transactionId]) {
      await expect(services.credits.refund(accountId, id)).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(await services.credits.currentBalance(other)).toBe(45);
  });

  test('paused AI: every debit answers payment_required and writes no ledger row or event; resume restores it', async () => {
    const accountId = await newAccount(100);
    await services.aiAccess.pause(accountId, { by: 'admin_1', reason: 'budget review' });
    const before = await ledgerRows(db, accountId);
    const eventsBefore = await eventCounts(db, accountId);
    for (const feature of ['ai_insight', 'forecast', 'shipping_export_bulk_sheet'] as const) {
      await expect(services.credits.debit(accountId, feature)).rejects.toMatchObject({ code: 'payment_required' });
    }
    expect(await ledgerRows(db, accountId)).toEqual(before);
    expect(await eventCounts(db, accountId)).toEqual(eventsBefore);
    expect(await services.credits.currentBalance(accountId)).toBe(100);
    await services.aiAccess.resume(accountId, { by: 'admin_1' });
    expect((await services.credits.debit(accountId, 'ai_insight')).balance).toBe(95);
  });

  test('a debit for an account without a balance is not_found; an unknown feature is refused before any write', async () => {
    await expect(services.credits.debit('acc_missing', 'ai_insight')).rejects.toMatchObject({ code: 'not_found' });
    const accountId = await newAccount(10);
    await expect(services.credits.debit(accountId, 'nope' as never)).rejects.toMatchObject({ code: 'invalid_parameter', details: { param: 'feature' } });
    for (const units of [0, -1, 2.5, 100_001])
      await expect(services.credits.debit(accountId, 'shipping_export_bulk_sheet', { units })).rejects.toMatchObject({
        code: 'invalid_parameter',
        details: { param: 'units' },
      });
    for (const id of [0, -3, 1.5])
      await expect(services.credits.refund(accountId, id)).rejects.toMatchObject({ code: 'invalid_parameter', details: { param: 'id' } });
    expect(await services.credits.currentBalance(accountId)).toBe(10);
  });
});

// Property (fast-check, real database): for any sequence of debits, refunds (some run twice at
// once) and purchases, with or without auto top-up, the balance equals the ledger's sum, is never
// negative, and matches a simple model of the rules.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { makeAccount } from '../factories/index.ts';
import { ledgerRows, servicesOn } from '../factories/credits.ts';
import type { Database } from '../../src/db/database.ts';
import type { Services } from '../../src/services.ts';
import { featureCost, type FeatureName } from '../../src/domain/credits/index.ts';
import { AppError } from '../../src/errors.ts';

const FEATURES: FeatureName[] = ['ai_insight', 'forecast', 'daily_brief', 'creative_analysis', 'shipping_export_bulk_sheet'];

type Op = { kind: 'debit'; feature: FeatureName; units: number } | { kind: 'refund'; pick: number; twice: boolean } | { kind: 'purchase'; credits: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('debit' as const), feature: fc.constantFrom(...FEATURES), units: fc.integer({ min: 1, max: 4 }) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), twice: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('purchase' as const), credits: fc.integer({ min: 1, max: 300 }) }), weight: 1 },
);
const topup = fc.option(fc.record({ threshold: fc.integer({ min: 20, max: 150 }), amount: fc.integer({ min: 50, max: 300 }) }), { nil: null });

describeEachDatabase('credits property', (target) => {
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

  test('balance == ledger sum, never negative, and as the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 200 }), topup, fc.array(op, { minLength: 1, maxLength: 14 }), async (start, auto, ops) => {
        const { id } = await makeAccount(db.prisma);
        let balance = 0;
        if (start > 0) balance = (await services.credits.purchase(id, start)).balance;
        if (auto) await services.credits.setAutoTopup(id, { enabled: true, threshold: auto.threshold, amount: auto.amount });
        const debits: Array<{ id: number; amount: number; refunded: boolean }> = [];
        for (const o of ops) {
          if (o.kind === 'debit') {
            const cost = featureCost(o.feature, o.feature === 'shipping_export_bulk_sheet' ? o.units : 1);
            const call = services.credits.debit(id, o.feature, { units: o.feature === 'shipping_export_bulk_sheet' ? o.units : 1 });
            if (balance >= cost) {
              const r = await call;
              const before = balance;
              balance -= cost;
              if (auto && before >= auto.threshold && balance < auto.threshold) balance += auto.amount;
              expect(r.balance).toBe(balance);
              debits.push({ id: r.transactionId, amount: cost, refunded: false });
            } else {
              await expect(call).rejects.toBeInstanceOf(AppError);
            }
          } else if (o.kind === 'refund') {
            if (debits.length === 0) continue;
            const d = debits[o.pick % debits.length]!;
            const results = await Promise.all(Array.from({ length: o.twice ? 2 : 1 }, () => services.credits.refund(id, d.id)));
            expect(results.filter((r) => !r.alreadyRefunded)).toHaveLength(d.refunded ? 0 : 1);
            if (!d.refunded) balance += d.amount;
            d.refunded = true;
          } else {
            balance += o.credits;
            expect((await services.credits.purchase(id, o.credits)).balance).toBe(balance);
          }
          const actual = await services.credits.currentBalance(id);
          expect(actual).toBe(balance);
          expect(actual).toBeGreaterThanOrEqual(0);
          expect(await services.credits.ledgerSum(id)).toBe(actual);
        }
        const rows = await ledgerRows(db, id);
        expect(rows.every((r) => r.balanceAfter >= 0)).toBe(true);
        expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(debits.filter((d) => d.refunded).length);
      }),
      { numRuns: 10 },
    );
  });
});

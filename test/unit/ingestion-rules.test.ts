// The pure rules of the write path that every stored record depends on: the content hash (the
// ledger keeps it, so a replay after an upgrade must hash the same record to the same value: these
// hashes were computed by the first implementation) and the money normalization (the same strings
// as the exact bigint path, for every accepted and every rejected form).
import { RecordError, amount, amountOr, cents, contentHash, decimal } from '../../src/domain/ingestion/rules.ts';

describe('contentHash', () => {
  test.each([
    [
      {
        externalId: 'O-1',
        updatedAt: '2026-01-02T03:04:05Z',
        lines: [{ sku: 'A', quantity: 2, unitPrice: '1.50' }],
        total: '3.00',
        note: undefined,
        z: null,
        é: 'ü',
        b: [1, 'x', null, { y: true, a: -0 }],
      },
      'af49e2ab36dfb7c68d4551b725cd8e695d964ae9568920fa7698c56263509c91',
    ],
    [{ b: 1, a: { d: [], c: {} }, 'k"q': 'line\nbreak', n: 1e21, f: 0.1 }, 'ae6181cb97d3da980128b8d7c999e0a03738044fa0651e044686aa10c7f3f254'],
    [[], '4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945'],
    [{}, '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a'],
    ['text', '1e1d0f251d3a76fa2b1bfc81164078572623403887db02988b504b0492e9f076'],
    [12.5, 'b902cc4550838229a710bfec4c38cbc7eb11082367a409df9135e7f007a96bda'],
    [null, '74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b'],
    [true, 'b5bea41b6c623f7c09f1bf24dcae58ebab3c0cdd90ad966bc43a45b44867e12b'],
  ])('hashes %j as before', (record, expected) => {
    expect(contentHash(record)).toBe(expected);
  });

  test('does not depend on key order, and leaves undefined members out', () => {
    expect(contentHash({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(contentHash({ b: { c: [1, { e: 3, d: 2 }] }, x: undefined, a: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: '1' }));
  });
});

describe('amount', () => {
  const forms = ['0', '-0', '-0.00', '00012.5', '12.05', '12.5', '5', '0.1', '999999999999.99', '000000000000.00', '-000.01', '-12.5', '-1'];
  const broken: unknown[] = ['1000000000000', '5.', '.5', '1.234', ' 1', 'abc', '', '1e3', '-', 12, null, undefined, {}];

  /** The normalized string, or the rejection as "field: reason". */
  const outcome = (normalize: () => string) => {
    try {
      return normalize();
    } catch (error) {
      return error instanceof RecordError ? `${error.field}: ${error.reason}` : 'other';
    }
  };

  test.each(forms)('normalizes %j as the bigint path does', (value) => {
    expect(outcome(() => amount(value, 'total'))).toBe(outcome(() => decimal(cents(value, 'total', { min: 0n }))));
  });

  test.each(broken)('rejects %j with the field and the reason of the bigint path', (value) => {
    expect(() => cents(value, 'total', { min: 0n })).toThrow(RecordError);
    expect(() => amount(value, 'total')).toThrow('total: must be a decimal string with at most 2 decimals, e.g. "12.50"');
  });

  test('amountOr: absent or null is zero', () => {
    expect([amountOr(undefined, 'tax'), amountOr(null, 'tax'), amountOr('1.5', 'tax')]).toEqual(['0.00', '0.00', '1.50']);
  });
});

// The Shopify mappers' amounts (map-common.ts): the fast reading of a plain decimal gives exactly
// what the write path's parser and formatter give (formatCents(parseCents(value))), for every
// shape of string; anything the parser refuses is handed over unchanged.
import { formatCents, parseCents } from '../../src/domain/ingestion/index.ts';
import { amount, plainAmount, sumAmounts } from '../../src/connectors/shopify/map-common.ts';

/** What amount() gave before the fast path: the parser's normalized string, else the value itself. */
function parsed(value: string): string {
  try {
    return formatCents(parseCents(value, 'amount'));
  } catch {
    return value;
  }
}

const CHARS = ['0', '1', '9', '.', '-', '٣'];

describe('Shopify amounts', () => {
  it('reads every string of up to five characters of digits, dots and signs as the write path does', () => {
    const strings = [''];
    for (let length = 1; length <= 5; length++) {
      const next: string[] = [];
      for (const s of strings.filter((x) => x.length === length - 1)) for (const c of CHARS) next.push(s + c);
      strings.push(...next);
    }
    const wrong: string[] = [];
    for (const value of strings) {
      const want = parsed(value);
      const fast = plainAmount(value);
      if (amount(value) !== want || (fast !== null && fast !== want)) wrong.push(value);
    }
    expect(wrong).toEqual([]);
    expect(strings.filter((s) => plainAmount(s) !== null).length).toBeGreaterThan(500);
  });

  it('reads Shopify’s decimals, long ones and refused ones as the write path does', () => {
    const values = [
      '12.5',
      '3.0',
      '0.1',
      '0.10',
      '0',
      '00',
      '007.05',
      '19.999',
      '-1.00',
      '-0.0',
      '123456789012.34',
      '1234567890123',
      '0000000000000',
      '1.',
      '.5',
      '1e3',
      ' 1.00',
      '1.00 ',
      '１.00',
    ];
    for (const value of values) expect([value, amount(value)]).toEqual([value, parsed(value)]);
    expect(amount('12.5')).toBe('12.50');
    expect(amount('007.05')).toBe('7.05');
    expect(amount('19.999')).toBe('19.999');
    expect(plainAmount('-1.00')).toBeNull();
  });

  it('sums amounts exactly; one amount is itself, a refused one is handed over', () => {
    expect(sumAmounts(['0.1'])).toBe('0.10');
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.30');
    expect(sumAmounts(['1.5', '19.999'])).toBe('19.999');
    expect(sumAmounts(['19.999'])).toBe('19.999');
    expect(sumAmounts([])).toBe('0.00');
  });
});

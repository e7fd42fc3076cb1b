// What the webhook mapper (REST payloads) and the GraphQL mapper (bulk lines, reconciliation pages)
// share, so the same upstream order gives the same ingestion commands whichever way it came: the
// SKU key of a line or variant without a SKU, and money read with the write path's own parser.
import { formatCents, normalizedAmount, parseCents } from '../../domain/ingestion/index.ts';

/** A variant's SKU key: its SKU, else `shopify-variant-<variant id>` (what its order lines without a SKU use too). */
export const variantSku = (sku: string | null | undefined, variantId: string): string => sku || `shopify-variant-${variantId}`;

/**
 * An order line's SKU key: its SKU; else its variant's key (`shopify-variant-<id>`, the key its
 * product has); else, for a custom line with no variant, `shopify-line-<line id>`.
 */
export const lineSku = (sku: string | null | undefined, variantId: string | null | undefined, lineId: string): string =>
  sku || (variantId ? variantSku(null, variantId) : `shopify-line-${lineId}`);

/**
 * An amount as the write path stores it ("0.1" and "0.10" both "0.10"). One it refuses (more than
 * two decimals, such as "19.999", or not a number) is handed over unchanged, so the ingestion
 * rejects the record with that field named instead of the connector rounding money.
 */
export function amount(value: string): string {
  return plainAmount(value) ?? parsedAmount(value);
}

function parsedAmount(value: string): string {
  try {
    return formatCents(parseCents(value, 'amount'));
  } catch {
    return value;
  }
}

/**
 * The common case of `amount` without the write path's bigint round trip (a backfill reads a
 * dozen amounts an order): a non-negative decimal, read by the write path's own normalizer of
 * money that must not be negative (the string formatCents(parseCents(value)) gives). Null for
 * anything else (a sign, a string it refuses), which the parser reads instead.
 */
export function plainAmount(value: string): string | null {
  if (value.startsWith('-')) return null;
  try {
    return normalizedAmount(value, 'amount');
  } catch {
    return null;
  }
}

/** The exact sum of amounts; the first one the write path refuses, unchanged, when there is one (rejected there). */
export function sumAmounts(values: readonly string[]): string {
  // One amount (a transaction's fee, most often): the sum is the amount itself.
  if (values.length === 1) return amount(values[0]!);
  let total = 0n;
  for (const value of values) {
    try {
      total += parseCents(value, 'amount');
    } catch {
      return value;
    }
  }
  return formatCents(total);
}

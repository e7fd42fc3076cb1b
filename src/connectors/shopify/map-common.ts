// What the webhook mapper (REST payloads) and the GraphQL mapper (bulk lines, reconciliation pages)
// share, so the same upstream order gives the same ingestion commands whichever way it came: the
// SKU key of a line or variant without a SKU, and money read with the write path's own parser.
import { formatCents, parseCents } from '../../domain/ingestion/index.ts';

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

const ZERO = 48;
const isDigit = (code: number) => code >= ZERO && code <= ZERO + 9;

/**
 * The common case of `amount` without the write path's bigint round trip (a backfill reads a
 * dozen amounts an order): a non-negative decimal of 1 to 12 digits with 0 to 2 decimals, as
 * Shopify writes them ("12.5", "3.0", "0.10"), written as formatCents(parseCents(value)) writes it
 * (leading zeros dropped, two decimals). Null for anything else (a sign, more digits), which the
 * write path's parser reads instead.
 */
export function plainAmount(value: string): string | null {
  const dot = value.indexOf('.');
  const wholeEnd = dot < 0 ? value.length : dot;
  const decimals = dot < 0 ? 0 : value.length - dot - 1;
  if (wholeEnd === 0 || wholeEnd > 12 || (dot >= 0 && (decimals < 1 || decimals > 2))) return null;
  let start = -1;
  for (let i = 0; i < wholeEnd; i++) {
    const code = value.charCodeAt(i);
    if (!isDigit(code)) return null;
    if (start < 0 && code !== ZERO) start = i;
  }
  for (let i = dot + 1; dot >= 0 && i < value.length; i++) if (!isDigit(value.charCodeAt(i))) return null;
  // All zeros keeps one; a first digit that is not a zero keeps the whole part as written.
  if (start < 0) start = wholeEnd - 1;
  if (start === 0 && decimals === 2) return value;
  const whole = value.slice(start, wholeEnd);
  return decimals === 2 ? `${whole}.${value.slice(dot + 1)}` : decimals === 1 ? `${whole}.${value[dot + 1]}0` : `${whole}.00`;
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

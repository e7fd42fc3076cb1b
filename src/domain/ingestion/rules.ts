// Pure rules of the write path: exact money, instants and days, the content hash and
// newer-wins. No database here.
import { hash } from 'node:crypto';

/** A reason a record is rejected: the field (dotted path) and what is wrong with it. */
/** The days a refund may count on in the profit snapshots (the account's setting; docs/ingestion.md, "Refund attribution"). */
export const REFUND_ATTRIBUTIONS = ['order_day', 'refund_day'] as const;

export class RecordError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

const MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
const MONEY_PARTS = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;
const LEADING_ZEROS = /^0+/;
const NORMALIZED_MONEY = /^(?:0|[1-9]\d{0,11})\.\d\d$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^([A-Z]{2})?$/;
const TEXT_MAX = 500;

/** Money in cents as a bigint (exact); throws RecordError for anything but a decimal with at most 2 places. */
export function cents(value: unknown, field: string, options: { min?: bigint } = {}): bigint {
  if (typeof value !== 'string' || !MONEY.test(value)) throw new RecordError(field, 'must be a decimal string with at most 2 decimals, e.g. "12.50"');
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const amount = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  const signed = negative ? -amount : amount;
  if (options.min !== undefined && signed < options.min) throw new RecordError(field, `must be at least ${decimal(options.min)}`);
  return signed;
}

/**
 * Money that must not be negative, as the decimal string the database stores: the same string as
 * decimal(cents(value, field, { min: 0n })), without the bigint round trip (the bulk path checks a
 * dozen amounts per order).
 */
export function amount(value: unknown, field: string): string {
  // Already the normalized string (no leading zero, two decimals): itself, without a match's parts.
  if (typeof value === 'string' && NORMALIZED_MONEY.test(value)) return value;
  const match = typeof value === 'string' ? MONEY_PARTS.exec(value) : null;
  if (match === null) return decimal(cents(value, field, { min: 0n }));
  const whole = match[2]!.replace(LEADING_ZEROS, '') || '0';
  const fraction = (match[3] ?? '').padEnd(2, '0');
  if (match[1] === '-' && (whole !== '0' || fraction !== '00')) throw new RecordError(field, `must be at least ${decimal(0n)}`);
  return `${whole}.${fraction}`;
}

/** Optional money that must not be negative: absent or null is "0.00". */
export function amountOr(value: unknown, field: string): string {
  return value === undefined || value === null ? '0.00' : amount(value, field);
}

/** Optional money: absent or null gives `fallback`. */
export function centsOr(value: unknown, field: string, fallback: bigint, options: { min?: bigint } = {}): bigint {
  return value === undefined || value === null ? fallback : cents(value, field, options);
}

/** Cents back to the decimal string the database stores ("-12.05"). */
export function decimal(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

export function instant(value: unknown, field: string): Date {
  if (typeof value !== 'string' || !INSTANT.test(value))
    throw new RecordError(field, 'must be an ISO 8601 instant with a time zone, e.g. "2026-11-28T09:15:00Z"');
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new RecordError(field, 'is not a real instant');
  return at;
}

export function optionalInstant(value: unknown, field: string): Date | null {
  return value === undefined || value === null ? null : instant(value, field);
}

export function localDay(value: unknown, field: string): string {
  if (typeof value !== 'string' || !DAY.test(value)) throw new RecordError(field, 'must be a day, YYYY-MM-DD');
  const at = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) throw new RecordError(field, 'is not a real day');
  return value;
}

export function text(value: unknown, field: string, options: { required?: boolean; max?: number } = {}): string {
  if (value === undefined || value === null) {
    if (options.required) throw new RecordError(field, 'is required');
    return '';
  }
  if (typeof value !== 'string') throw new RecordError(field, 'must be a string');
  const trimmed = value.trim();
  if (options.required && trimmed === '') throw new RecordError(field, 'must not be empty');
  if (trimmed.length > (options.max ?? TEXT_MAX)) throw new RecordError(field, `must be at most ${options.max ?? TEXT_MAX} characters`);
  return trimmed;
}

export function key(value: unknown, field: string): string {
  return text(value, field, { required: true, max: 255 });
}

export function integer(value: unknown, field: string, range: { min: number; max: number }): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new RecordError(field, 'must be an integer');
  if (value < range.min || value > range.max) throw new RecordError(field, `must be between ${range.min} and ${range.max}`);
  return value;
}

export function currency(value: unknown, field: string): string {
  if (typeof value !== 'string' || !CURRENCY.test(value)) throw new RecordError(field, 'must be an ISO 4217 code, e.g. "USD"');
  return value;
}

export function country(value: unknown, field: string): string {
  const code = text(value, field, { max: 2 }).toUpperCase();
  if (!COUNTRY.test(code)) throw new RecordError(field, 'must be an ISO 3166-1 alpha-2 code, e.g. "DE"');
  return code;
}

export function list<T>(value: unknown, field: string, max: number): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RecordError(field, 'must be a list');
  if (value.length > max) throw new RecordError(field, `must have at most ${max} entries`);
  return value as T[];
}

/** A stable hash of a record's content: the same record twice has the same hash, whatever its key order. */
export function contentHash(record: unknown): string {
  return hash('sha256', stableJson(record), 'hex');
}

/** A member name as JSON writes it; the few names records use, written once (bounded: a record's own keys are not kept). */
const quotedKeys = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 1_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * JSON with every object's keys sorted (undefined members left out, as JSON.stringify does).
 * Built by appending to one string: this runs over every record of a bulk load.
 */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    // A hole stays empty, as Array.prototype.join leaves it.
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + (i in value ? stableJson(value[i]) : '');
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${quotedKey(key)}:${stableJson(member)}`;
  }
  return `${text}}`;
}

/** When an expense is charged: its first day, one-off or monthly, and the last day of a monthly one (null: ongoing). */
export interface ExpenseSpan {
  date: string;
  recurrence: 'none' | 'monthly';
  endsOn: string | null;
}

/**
 * The days an expense is charged on (the one rule, for the marks of every write and delete): a
 * one-off on its day; a monthly one on each day from its first to its end, or to today (UTC)
 * while it is ongoing; at least its first day.
 */
export function chargedDays(span: ExpenseSpan, now = new Date()): string[] {
  if (span.recurrence === 'none') return [span.date];
  const last = span.endsOn ?? now.toISOString().slice(0, 10);
  const days: string[] = [];
  for (let d = new Date(`${span.date}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; d.setUTCDate(d.getUTCDate() + 1))
    days.push(d.toISOString().slice(0, 10));
  return days.length ? days : [span.date];
}

/** A record's key in the ledger within one kind: its source and external id. */
export function ledgerKey(row: { source: string; externalId: string }): string {
  return `${row.source}\u0000${row.externalId}`;
}

/** What the ledger holds of a record already written. */
export interface StoredVersion {
  sourceUpdatedAt: Date | null;
  contentHash: string;
  deletedAt: Date | null;
}

export type Decision = 'store' | 'older' | 'same';

/** The content hash of a deletion and of a redaction (tombstones in the ledger). */
export const DELETED = 'deleted'.padEnd(64, '0');
export const REDACTED = 'redacted'.padEnd(64, '0');
/** The name a redacted customer keeps (e-mail, phone and city are emptied). */
export const REDACTED_NAME = 'Redacted customer';

/**
 * Newer wins. The same content (or a second delete) is skipped whatever its stamp. Equal stamps
 * with different content are settled by the larger hash, so records that arrive in any order end
 * in the same rows; a delete wins a tie. A record without a stamp replaces a different stored one
 * (a file without updated_at: the last import wins).
 */
export function decide(stored: StoredVersion | undefined, updatedAt: Date | null, hash: string): Decision {
  if (!stored) return 'store';
  if (stored.contentHash === hash) return 'same';
  const storedAt = stored.deletedAt ?? stored.sourceUpdatedAt;
  if (updatedAt === null || storedAt === null) return 'store';
  if (updatedAt.getTime() !== storedAt.getTime()) return updatedAt > storedAt ? 'store' : 'older';
  if (hash === DELETED) return 'store';
  if (stored.deletedAt !== null) return 'older';
  return hash > stored.contentHash ? 'store' : 'older';
}

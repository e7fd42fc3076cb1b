// The catch-up's rules: the queue row it runs as, the marks a change set makes, and which of the
// taken marks are still meaningful.
import type { ChangeSet, Mark } from './types.ts';

/** The job queue's name of the catch-up (one row per account, queued by the writes). */
export const CATCHUP_JOB = 'analytics-catchup';

/** The advisory lock class of the marks (the second key is the account's hash): writers share it, a run taking marks holds it alone. */
export const MARK_LOCK_CLASS = 0x43_55_50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The marks of a change set, each once and sorted (every writer inserts them in one order), with
 * what cannot be a key dropped: a day that is not a calendar date, a customer id that is not a
 * positive integer, an empty SKU.
 */
export function marksOf(changes: ChangeSet): Mark[] {
  const marks = new Map<string, Mark>();
  const add = (kind: Mark['kind'], key: string) => marks.set(`${kind}\u0000${key}`, { kind, key });
  for (const day of changes.days ?? []) if (DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))) add('day', day);
  for (const id of changes.customerIds ?? []) if (Number.isSafeInteger(id) && id > 0) add('customer', String(id));
  for (const sku of changes.skus ?? []) if (sku.length > 0) add('sku', sku);
  return [...marks.values()].sort((a, b) => (a.kind === b.kind ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.kind < b.kind ? -1 : 1));
}

/** Taken marks grouped by what they ask to recompute. */
export function groupMarks(marks: readonly Mark[]): { days: string[]; customerIds: number[]; skus: string[] } {
  return {
    days: marks.filter((m) => m.kind === 'day').map((m) => m.key),
    customerIds: marks.filter((m) => m.kind === 'customer').map((m) => Number(m.key)),
    skus: marks.filter((m) => m.kind === 'sku').map((m) => m.key),
  };
}

// What every command shares: checking each record alone, newer-wins against the ledger and
// against the same key earlier in the batch, the outcomes, the marks, and one transaction per
// call that calls the onChanged port before it commits.
import { type PrismaClient, connectedTransaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { localDate } from '../shared/index.ts';
import type { ChangeSet, IngestionResult, IngestionTx, OnChanged, Origin, RecordOutcome } from './types.ts';
import { RecordError, decide, ledgerKey, type StoredVersion } from './rules.ts';
import type { Stamped } from './validate.ts';
import { type AccountInfo, lockAccount } from './repo.ts';

export interface Accepted<R> {
  index: number;
  row: R;
}

/** The account's local days, customers and SKUs a write changed. */
export class Marks {
  private readonly days = new Set<string>();
  private readonly customers = new Set<number>();
  private readonly skus = new Set<string>();
  constructor(private readonly timeZone: string) {}
  at(instant: Date | null | undefined): this {
    if (instant) this.days.add(localDate(instant, this.timeZone));
    return this;
  }
  day(day: string): this {
    this.days.add(day);
    return this;
  }
  customer(id: number | null | undefined): this {
    if (id !== null && id !== undefined) this.customers.add(id);
    return this;
  }
  sku(...skus: readonly string[]): this {
    for (const sku of skus) this.skus.add(sku);
    return this;
  }
  customerIds(): number[] {
    return [...this.customers];
  }
  changeSet(): ChangeSet {
    return { days: [...this.days].sort(), customerIds: [...this.customers].sort((a, b) => a - b), skus: [...this.skus].sort() };
  }
}

/** One call's outcomes, in the order of its records. */
export class Outcomes {
  readonly list: RecordOutcome[] = [];
  reject(index: number, externalId: string, field: string, reason: string): void {
    this.list.push({ index, externalId, outcome: 'rejected', field, reason });
  }
  skip(index: number, externalId: string, reason: 'older' | 'same'): void {
    this.list.push({ index, externalId, outcome: 'skipped', reason });
  }
  store(index: number, externalId: string): void {
    this.list.push({ index, externalId, outcome: 'stored' });
  }
  stored(accepted: ReadonlyArray<Accepted<{ externalId: string }>>): void {
    for (const a of accepted) this.store(a.index, a.row.externalId);
  }
  result(changes: ChangeSet, offset = 0): IngestionResult {
    const sorted = this.list.map((o) => ({ ...o, index: o.index + offset })).sort((a, b) => a.index - b.index);
    return { outcomes: sorted, counts: countOutcomes(sorted), changes };
  }
}

/** How many of the outcomes are stored, skipped and rejected. */
export function countOutcomes(outcomes: readonly RecordOutcome[]): IngestionResult['counts'] {
  const count = (outcome: RecordOutcome['outcome']) => outcomes.filter((o) => o.outcome === outcome).length;
  return { stored: count('stored'), skipped: count('skipped'), rejected: count('rejected') };
}

/** Checks each record; a bad one is rejected alone (its field and reason). */
export function check<T, R extends { externalId: string }>(records: readonly T[], outcomes: Outcomes, normalize: (record: T) => R): Array<Accepted<R>> {
  const accepted: Array<Accepted<R>> = [];
  records.forEach((record, index) => checkOne(record, index, accepted, outcomes, normalize));
  return accepted;
}

/** Checks one record (index: its place in the call): accepted, or rejected alone. */
export function checkOne<T, R extends { externalId: string }>(
  record: T,
  index: number,
  accepted: Array<Accepted<R>>,
  outcomes: Outcomes,
  normalize: (record: T) => R,
): void {
  try {
    accepted.push({ index, row: normalize(record) });
  } catch (error) {
    if (!(error instanceof RecordError)) throw error;
    const id = (record as { externalId?: unknown } | null)?.externalId;
    outcomes.reject(index, typeof id === 'string' ? id : '', error.field, error.reason);
  }
}

/**
 * The records that win: newer than the ledger's version and than the same key earlier in the
 * batch (the later of two equal records is skipped as the same). The rest are skipped; the
 * caller records `stored` for what it writes (Outcomes.stored).
 */
export function winners<R extends Stamped>(
  accepted: ReadonlyArray<Accepted<R>>,
  stored: ReadonlyMap<string, StoredVersion>,
  outcomes: Outcomes,
): Array<Accepted<R>> {
  const best = new Map<string, Accepted<R>>();
  for (const candidate of accepted) {
    const { externalId, updatedAt, hash } = candidate.row;
    const key = ledgerKey(candidate.row);
    const previous = best.get(key);
    const against = previous ? { sourceUpdatedAt: previous.row.updatedAt, contentHash: previous.row.hash, deletedAt: null } : stored.get(key);
    const decision = decide(against, updatedAt, hash);
    if (decision === 'store') {
      if (previous) outcomes.skip(previous.index, externalId, 'older');
      best.set(key, candidate);
    } else {
      outcomes.skip(candidate.index, externalId, decision);
    }
  }
  return [...best.values()].sort((a, b) => a.index - b.index);
}

export interface WriteContext {
  tx: IngestionTx;
  account: AccountInfo;
  accountId: string;
  origin: Origin;
  marks: Marks;
  outcomes: Outcomes;
}

const SOURCES = new Set(['shopify', 'woo_commerce', 'mercado_libre']);
const VIA = new Set(['connector', 'import', 'seed']);

/** Runs work in a transaction: a new one, or the caller's (IngestionService.within). */
export type Transact = <T>(work: (tx: IngestionTx) => Promise<T>) => Promise<T>;

export function transactOn(prisma: PrismaClient): Transact {
  return (work) => connectedTransaction(prisma, work, { timeout: 300_000, maxWait: 30_000 });
}

/** A call's transaction: the account (not_found when it does not exist), the work, the port. */
export async function inTransaction(
  transact: Transact,
  onChanged: OnChanged,
  accountId: string,
  origin: Origin,
  work: (ctx: WriteContext) => Promise<void>,
  offset = 0,
): Promise<IngestionResult> {
  if (!SOURCES.has(origin.source)) throw new AppError('invalid_parameter', `unknown source ${String(origin.source)}`, { param: 'source' });
  if (!VIA.has(origin.via)) throw new AppError('invalid_parameter', `unknown origin ${String(origin.via)}`, { param: 'via' });
  return transact(async (tx) => {
    const account = await lockAccount(tx, accountId);
    if (!account) throw new AppError('not_found', 'No such account.');
    const ctx: WriteContext = { tx, account, accountId, origin, marks: new Marks(account.timezone), outcomes: new Outcomes() };
    await work(ctx);
    const changes = ctx.marks.changeSet();
    if (changes.days.length + changes.customerIds.length + changes.skus.length > 0) await onChanged(tx, accountId, changes);
    return ctx.outcomes.result(changes, offset);
  });
}

export function ledgerScope(ctx: WriteContext, kind: string) {
  return { accountId: ctx.accountId, kind, integrationId: ctx.origin.integrationId, via: ctx.origin.via };
}

// Effects: the writes a request under an Idempotency-Key has made, recorded on its key by the
// very statement that made them (the write and its record commit together or not at all). When a
// request's answer is lost after its write committed (the database went away between the commit
// and its acknowledgement, so the caller was told 503), the key is released with its effects kept;
// the retry claims it, finds the effects in the order the writes come, and answers with them
// instead of writing again. A write that has no recorded effect at its position runs and records one.

/** One recorded write: what kind of row, and its id. */
export interface IdempotencyEffect {
  kind: string;
  id: string;
}

/** Where a write records its effect: the running claim of one key (the account is the caller's). */
export interface EffectMark {
  scope: string;
  key: string;
  owner: string;
}

/** The effects side of a claim: those an earlier try recorded, and how many this try has met. */
export interface EffectLedger {
  mark: EffectMark;
  recorded: IdempotencyEffect[];
  cursor: number;
}

/**
 * The id an earlier try of this request wrote at this position (its next write of `kind`), or
 * null: then the caller writes, recording its effect with `mark` (one position per write either way).
 */
export function takeRecordedEffect(ledger: EffectLedger | null | undefined, kind: string): string | null {
  if (!ledger) return null;
  const effect = ledger.recorded[ledger.cursor++];
  return effect && effect.kind === kind ? effect.id : null;
}

/** Stored effects (jsonb) as a list; anything unexpected counts as none. */
export function parseEffects(value: unknown): IdempotencyEffect[] {
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is IdempotencyEffect => !!e && typeof e === 'object' && typeof e.kind === 'string' && typeof e.id === 'string');
}

/** A transaction (or client) that can run raw SQL: the write's own, so its effect commits with it. */
interface RawRunner {
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number>;
}

/**
 * Appends one effect to the claim `mark` names (the caller's account), inside the transaction
 * that made the write: both commit or neither does. A claim lost meanwhile is left as it is.
 */
export async function recordEffect(tx: RawRunner, accountId: string, mark: EffectMark, effect: IdempotencyEffect): Promise<void> {
  await tx.$executeRaw`
    UPDATE idempotency_keys
    SET effects = coalesce(effects, '[]'::jsonb) || jsonb_build_array(jsonb_build_object('kind', ${effect.kind}::text, 'id', ${effect.id}::text))
    WHERE account_id = ${accountId} AND scope = ${mark.scope} AND key = ${mark.key} AND owner = ${mark.owner} AND state = 'running'`;
}

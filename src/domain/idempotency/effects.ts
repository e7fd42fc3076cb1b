// Effects: the writes a request under an Idempotency-Key has made, recorded on its key by the
// very statement (or transaction) that made them: the write and its record commit together or not
// at all. When a request's answer is lost after its write committed (the database went away
// between the commit and its acknowledgement, so the caller was told 503), the key is released
// with its effects kept; the retry claims it and each write asks for its slot: the n-th write the
// request reaches (a failed one counts too, so the positions of two tries agree). A slot with a
// recorded effect answers with it instead of writing again; an empty one writes and records.

/** One recorded write: what kind of row, its id, and the slot (position in the request) it took. */
export interface IdempotencyEffect {
  kind: string;
  id: string;
  at: number;
}

/** The running claim of one key (the account is the caller's). */
export interface EffectMark {
  scope: string;
  key: string;
  owner: string;
}

/** Where one write records its effect: the claim, the kind of row and the write's slot. */
export interface EffectSlot extends EffectMark {
  kind: string;
  at: number;
}

/** The effects side of a claim: those an earlier try recorded, and how many slots this try has taken. */
export interface EffectLedger {
  mark: EffectMark;
  recorded: IdempotencyEffect[];
  cursor: number;
  /** Secrets shown once in this request's answer (answers.ts): never stored as they are. */
  shownOnce: string[];
}

/**
 * Takes the next slot for a write of `kind`: the id an earlier try of this request wrote there,
 * or the slot to record this write's effect in (null without an Idempotency-Key).
 */
export function takeEffectSlot(ledger: EffectLedger | null | undefined, kind: string): { recorded: string } | { recorded: null; slot: EffectSlot | null } {
  if (!ledger) return { recorded: null, slot: null };
  const at = ledger.cursor++;
  const effect = ledger.recorded.find((e) => e.at === at && e.kind === kind);
  return effect ? { recorded: effect.id } : { recorded: null, slot: { ...ledger.mark, kind, at } };
}

/** Stored effects (jsonb) as a list; anything unexpected counts as none. */
export function parseEffects(value: unknown): IdempotencyEffect[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is IdempotencyEffect => !!e && typeof e === 'object' && typeof e.kind === 'string' && typeof e.id === 'string' && Number.isInteger(e.at),
  );
}

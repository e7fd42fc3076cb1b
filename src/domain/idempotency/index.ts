// The idempotency module's public surface (Idempotency-Key on POST; src/http/idempotency.ts applies it).
export { idempotencyService, type IdempotencyService, type IdempotencyTicket } from './service.ts';
export { idempotencyRequestHash, parseIdempotencyKey } from './rules.ts';
export { takeEffectSlot, type EffectLedger, type EffectSlot, type IdempotencyEffect } from './effects.ts';
export { recordEffect } from './repo.ts';
export { markShownOnce } from './answers.ts';

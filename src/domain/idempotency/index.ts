// The idempotency module's public surface (Idempotency-Key on POST; src/http/idempotency.ts applies it).
export { idempotencyService, type IdempotencyService, type IdempotencyTicket } from './service.ts';
export { idempotencyRequestHash, parseIdempotencyKey } from './rules.ts';
export { recordEffect, takeRecordedEffect, type EffectLedger, type EffectMark, type IdempotencyEffect } from './effects.ts';

// The idempotency module's public surface (Idempotency-Key on POST; src/http/idempotency.ts applies it).
export * from './service.ts';
export * from './rules.ts';

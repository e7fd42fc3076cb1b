-- AlterTable: the writes a request under an Idempotency-Key made, recorded in the statement that
-- made them (src/domain/idempotency/effects.ts), so a retry after an unacknowledged commit reuses
-- them instead of writing again.
ALTER TABLE "idempotency_keys" ADD COLUMN     "effects" JSONB;

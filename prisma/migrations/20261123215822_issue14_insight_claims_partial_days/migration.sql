-- AlterTable
ALTER TABLE "profit_snapshots" ADD COLUMN     "complete" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "insight_claims" (
    "account_id" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "insight_claims_pkey" PRIMARY KEY ("account_id","fingerprint")
);

-- AddForeignKey
ALTER TABLE "insight_claims" ADD CONSTRAINT "insight_claims_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand: rows written while their local day was still open are partial.
UPDATE "profit_snapshots" p SET "complete" = false
FROM "accounts" a
WHERE a."id" = p."account_id" AND p."snapshot_date" >= (p."computed_at" AT TIME ZONE a."timezone")::date;

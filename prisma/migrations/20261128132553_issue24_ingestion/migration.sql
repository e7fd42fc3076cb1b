-- CreateEnum
CREATE TYPE "RefundAttribution" AS ENUM ('order_day', 'refund_day');

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "refund_attribution" "RefundAttribution" NOT NULL DEFAULT 'order_day';

-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "external_id" TEXT;

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "presentment_currency" VARCHAR(3),
ADD COLUMN     "presentment_total" DECIMAL(14,2);

-- CreateTable
CREATE TABLE "refunds" (
    "id" SERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "order_id" INTEGER,
    "source" "CommerceSource" NOT NULL,
    "external_id" TEXT NOT NULL,
    "order_external_id" TEXT NOT NULL,
    "refunded_at" TIMESTAMPTZ(3) NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "presentment_amount" DECIMAL(14,2),
    "lines" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ingestion_records" (
    "account_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "source_updated_at" TIMESTAMPTZ(3),
    "content_hash" CHAR(64) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "test" BOOLEAN NOT NULL DEFAULT false,
    "integration_id" INTEGER,
    "via" TEXT NOT NULL,
    "payload" JSONB,
    "written_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ingestion_records_pkey" PRIMARY KEY ("account_id","source","kind","external_id")
);

-- CreateIndex
CREATE INDEX "refunds_account_id_refunded_at_idx" ON "refunds"("account_id", "refunded_at");

-- CreateIndex
CREATE INDEX "refunds_account_id_source_order_external_id_idx" ON "refunds"("account_id", "source", "order_external_id");

-- CreateIndex
CREATE INDEX "refunds_order_id_idx" ON "refunds"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_account_id_source_external_id_key" ON "refunds"("account_id", "source", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "expenses_account_id_external_id_key" ON "expenses"("account_id", "external_id");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ingestion_records" ADD CONSTRAINT "ingestion_records_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- By hand: orders written before refunds had a table of their own keep their refunded amount as
-- one refund on the order's own time (the only date known), so that orders.refunded_amount is
-- the sum of an order's refunds for every order, and both refund attributions see them.
INSERT INTO "refunds" ("account_id", "order_id", "source", "external_id", "order_external_id", "refunded_at", "amount")
SELECT o."account_id", o."id", o."source", 'legacy:' || o."external_id", o."external_id", o."placed_at", o."refunded_amount"
FROM "orders" o WHERE o."refunded_amount" > 0;

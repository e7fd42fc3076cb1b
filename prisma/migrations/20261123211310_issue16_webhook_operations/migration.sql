-- AlterEnum
ALTER TYPE "DeliveryStatus" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN     "response_body" TEXT;

-- AlterTable
ALTER TABLE "webhook_subscriptions" ADD COLUMN     "previous_secret" TEXT,
ADD COLUMN     "previous_secret_expires_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "webhook_deliveries_subscription_id_id_idx" ON "webhook_deliveries"("subscription_id", "id");

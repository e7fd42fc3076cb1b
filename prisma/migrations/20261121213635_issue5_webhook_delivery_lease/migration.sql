-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "lease_token" TEXT;

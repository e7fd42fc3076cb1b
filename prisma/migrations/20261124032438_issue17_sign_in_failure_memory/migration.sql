-- AlterTable
ALTER TABLE "dashboard_users" ADD COLUMN     "last_failed_at" TIMESTAMPTZ(3);

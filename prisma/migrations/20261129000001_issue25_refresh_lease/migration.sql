-- A token refresh is claimed with a lease on the integration's credentials row (who refreshes, and
-- until when) instead of holding the row locked inside a transaction while the platform is asked:
-- the HTTP call runs outside any transaction, so the database is never held by it (the embedded
-- database has one session) and the new tokens are stored by one short statement.

-- AlterTable
ALTER TABLE "integration_credentials" ADD COLUMN     "refresh_lease_token" TEXT,
ADD COLUMN     "refresh_lease_until" TIMESTAMPTZ(3);

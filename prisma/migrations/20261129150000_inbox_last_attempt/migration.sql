-- When a delivery's last processing attempt ran (a failed one: when it failed), for the
-- integration's recent errors (GraphQL Integration.syncStatus.recentErrors, the Integrations page).
-- Null on the rows from before it (their arrival stands in).

-- AlterTable
ALTER TABLE "connector_inbox" ADD COLUMN     "last_attempt_at" TIMESTAMPTZ(3);

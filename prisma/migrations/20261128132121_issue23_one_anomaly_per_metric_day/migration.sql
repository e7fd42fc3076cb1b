-- One anomaly per account, metric and local day, whatever its kind: a correlated finding is
-- stored instead of its primary metric's univariate one, never beside it (they carried the same
-- numbers, and each got its own insight). Existing pairs keep the correlated row (it names the
-- cause); the insights of the row removed are moved to the row kept.
UPDATE "insights" i SET "related_anomaly_id" = d.keep
FROM (
  SELECT "id", first_value("id") OVER (PARTITION BY "account_id", "metric", "metric_date" ORDER BY ("kind" = 'correlated') DESC, "id") AS keep
  FROM "anomalies"
) d
WHERE i."related_anomaly_id" = d."id" AND d."id" <> d.keep;

DELETE FROM "anomalies" a
USING (
  SELECT "id", first_value("id") OVER (PARTITION BY "account_id", "metric", "metric_date" ORDER BY ("kind" = 'correlated') DESC, "id") AS keep
  FROM "anomalies"
) d
WHERE a."id" = d."id" AND d."id" <> d.keep;

-- DropIndex
DROP INDEX "anomalies_account_id_metric_metric_date_kind_key";

-- CreateIndex
CREATE UNIQUE INDEX "anomalies_account_id_metric_metric_date_key" ON "anomalies"("account_id", "metric", "metric_date");

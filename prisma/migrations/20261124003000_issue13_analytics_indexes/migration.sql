-- Analytics speed (issue 13, bench/analytics): the range scans of the period reports and of the
-- orders list read only the index. The orders range index (account_id, placed_at) is replaced by
-- one that also carries the columns the breakdowns and counts read (status, source, total,
-- customer), so that a range of days is an index-only scan instead of heap visits or a
-- sequential scan of the account's orders. Its leading columns are the old index's, so every
-- query the old one served is served the same way; the number of indexes written per order is
-- unchanged. (As key columns rather than INCLUDE, which Prisma's schema language cannot express.)
DROP INDEX "orders_account_id_placed_at_idx";
CREATE INDEX "orders_account_id_placed_at_covering_idx" ON "orders"("account_id", "placed_at", "status", "source", "total_amount", "customer_id");

-- New customers of a range (profitReport): the customers whose first purchase falls in it.
CREATE INDEX "customers_account_id_first_purchase_at_idx" ON "customers"("account_id", "first_purchase_at");

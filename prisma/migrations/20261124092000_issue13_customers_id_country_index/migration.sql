-- salesBreakdown by COUNTRY (issue 13, bench/analytics): the orders of a range are joined to
-- their customers' countries, which read the whole customers table (every column of 100,000 rows
-- at 100,000 customers) to hash two of them. The customers index (account_id, id DESC) is
-- replaced by one that also carries the country, so that the join reads only the index
-- (index-only scan). Its leading columns are the old index's, so every query the old one served
-- (the customer list's id order, keyset pages) is served the same way; still one index.
DROP INDEX "customers_account_id_id_idx";
CREATE INDEX "customers_account_id_id_country_idx" ON "customers"("account_id", "id" DESC, "country");

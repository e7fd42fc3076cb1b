-- salesBreakdown by COUNTRY (issue 13, bench/analytics): the breakdown joined the range's orders
-- (120,000 of 1,000,000 over 90 days) to their customers' countries, about 45 ms of the query.
-- Each order now carries its customer's CURRENT country (`customer_country`, the customer's
-- `country` as stored, NULL without a customer), kept by the triggers below, and the orders
-- covering index carries it, so the breakdown is an index-only range scan without a join.
-- The index is rebuilt after the back-fill (one build instead of an entry per updated row).
DROP INDEX "orders_account_id_placed_at_covering_idx";

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "customer_country" TEXT;

-- Not expressible in schema.prisma; written by hand. The customers trigger first: creating it
-- locks the customers against writes until this migration commits, so no country changes between
-- the back-fill and the end of the migration (the orders are locked by ALTER TABLE).
-- When a customer's country (or account) really changes, its orders follow. The customer-metrics
-- job rewrites nearly every customer on each run without changing the country: the WHEN clause
-- keeps this trigger out of those updates. The customer row is first locked FOR UPDATE, which
-- waits for the transactions that have read its country for an order (FOR KEY SHARE, below)
-- and holds back new ones until this one commits, so no order keeps a country read before the
-- change; the update of the orders then sees every committed order of the customer.
CREATE FUNCTION "customers_country_to_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "customers" c WHERE c."id" = NEW."id" FOR UPDATE;
  UPDATE "orders" o SET "customer_country" = NEW."country"
  WHERE o."customer_id" = NEW."id" AND o."account_id" IN (OLD."account_id", NEW."account_id");
  RETURN NULL;
END;
$$;

CREATE TRIGGER "customers_country_to_orders" AFTER UPDATE OF "country", "account_id" ON "customers"
  FOR EACH ROW
  WHEN (OLD."country" IS DISTINCT FROM NEW."country" OR OLD."account_id" IS DISTINCT FROM NEW."account_id")
  EXECUTE FUNCTION "customers_country_to_orders"();

-- Existing orders: each takes its customer's country. The back-fill changes none of the columns
-- the customer-metrics trigger compares; its statement trigger is switched off for it (it would
-- collect every order twice in transition tables to find nothing). The orders triggers come after.
ALTER TABLE "orders" DISABLE TRIGGER "orders_customer_metrics_update";
UPDATE "orders" o SET "customer_country" = c."country"
FROM "customers" c WHERE c."id" = o."customer_id" AND c."account_id" = o."account_id";
ALTER TABLE "orders" ENABLE TRIGGER "orders_customer_metrics_update";

-- An order takes the country of its customer (a customer of the order's account, as the
-- breakdown's join required) when it is inserted and whenever its customer_id or account_id is
-- written with another value; a write of customer_country itself is replaced by the customer's,
-- so the column is never anything but the customer's country. The customer row is read FOR KEY
-- SHARE (the lock the foreign key check takes anyway, so no new waits for the customer-metrics
-- job's updates): a country change then waits for this transaction (see above) and rewrites
-- this order after it commits.
CREATE FUNCTION "orders_customer_country"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."customer_id" IS NULL THEN
    NEW."customer_country" := NULL;
  ELSE
    -- No row (no such customer in the order's account): NULL.
    SELECT c."country" INTO NEW."customer_country" FROM "customers" c
    WHERE c."id" = NEW."customer_id" AND c."account_id" = NEW."account_id" FOR KEY SHARE;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "orders_customer_country_insert" BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_customer_country"();
CREATE TRIGGER "orders_customer_country_update" BEFORE UPDATE OF "customer_id", "account_id", "customer_country" ON "orders"
  FOR EACH ROW
  WHEN ((OLD."customer_id", OLD."account_id", OLD."customer_country") IS DISTINCT FROM (NEW."customer_id", NEW."account_id", NEW."customer_country"))
  EXECUTE FUNCTION "orders_customer_country"();

-- CreateIndex
CREATE INDEX "orders_account_id_placed_at_covering_idx" ON "orders"("account_id", "placed_at", "status", "source", "total_amount", "customer_id", "customer_country");

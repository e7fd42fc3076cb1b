-- salesBreakdown's distinct customers (issue 13, bench/analytics B and C): count(DISTINCT
-- customer_id) per group sorted the range's customer ids once per group and once more for the
-- total, about two thirds of the statement over 90 days of a 1,000,000-order account.
-- Each order now carries when its customer's previous counted order (same account, not
-- cancelled, ordered by placed_at then id) was placed: `customer_previous_at` over all sources,
-- `customer_source_previous_at` over the order's own source. NULL for the customer's first order
-- (of that source), for a cancelled order and for an order without a customer.
-- A customer has an order in a range exactly when one of its orders in the range has its previous
-- one before the range starts (or none): that order is its first in the range. So the distinct
-- customers of a range are a filtered count(*) of the range's orders, no sort:
--   count(*) FILTER (WHERE customer_id IS NOT NULL AND (customer_previous_at IS NULL OR customer_previous_at < range start))
-- and, per source, the same with customer_source_previous_at. The orders covering index carries
-- both, so the breakdowns stay index-only range scans.
DROP INDEX "orders_account_id_placed_at_covering_idx";

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "customer_previous_at" TIMESTAMPTZ(3),
ADD COLUMN     "customer_source_previous_at" TIMESTAMPTZ(3);

-- Not expressible in schema.prisma; written by hand.
-- Existing orders, by window functions. The back-fill changes none of the columns the
-- customer-metrics trigger compares, and none of those the customer-country triggers watch; the
-- metrics statement trigger is switched off for it (it would collect every order twice in
-- transition tables to find nothing). The orders stay locked by ALTER TABLE until this migration
-- commits, so no write slips between the back-fill and the triggers below.
ALTER TABLE "orders" DISABLE TRIGGER "orders_customer_metrics_update";
UPDATE "orders" o SET "customer_previous_at" = x."any_source", "customer_source_previous_at" = x."same_source"
FROM (
  SELECT "id",
         lag("placed_at") OVER (PARTITION BY "account_id", "customer_id" ORDER BY "placed_at", "id") AS "any_source",
         lag("placed_at") OVER (PARTITION BY "account_id", "customer_id", "source" ORDER BY "placed_at", "id") AS "same_source"
  FROM "orders" WHERE "customer_id" IS NOT NULL AND "status" <> 'cancelled'
) x
WHERE x."id" = o."id" AND (x."any_source" IS NOT NULL OR x."same_source" IS NOT NULL);
ALTER TABLE "orders" ENABLE TRIGGER "orders_customer_metrics_update";

-- Kept after every statement on orders. A write moves an order in its customer's chains (its
-- customer, source or placed_at changed, it was cancelled or restored, or it came or went); what can change is that
-- order's own two values and those of the next counted order after each of its places, old and
-- new, in each chain (the chain over all sources and the chain of its source). Those orders are
-- recomputed from the table as the statement left it, each value one backward step of the
-- (account_id, customer_id, placed_at DESC) index; a row whose values are already right is not
-- rewritten. A direct write of either column is a change like the others: it is recomputed.
--
-- Concurrency: the changed customers are locked first, so two transactions writing orders of one
-- customer run this one after the other, and the second one, reading after the first has
-- committed, sees its orders (READ COMMITTED: each statement here reads a new snapshot). The lock
-- is a row lock on the customer's row of orders_customer_previous_locks (created with its first
-- order write, gone with the customer), taken in id order: row locks live in the rows, so a
-- statement or a transaction can lock any number of customers (advisory locks, one per customer
-- in the shared lock table, ran out of it at a few thousand customers), and the customers rows
-- themselves stay free for the customer-metrics job. Two transactions that lock several
-- customers in opposite orders in separate statements can deadlock; PostgreSQL aborts one of
-- them (the same holds for the customer-metrics marks).
--
-- The trigger's own UPDATE runs with orders.customer_previous_writing on, which the nested runs
-- of this trigger read to return at once.
-- CreateTable
CREATE TABLE "orders_customer_previous_locks" (
    "customer_id" INTEGER NOT NULL,

    CONSTRAINT "orders_customer_previous_locks_pkey" PRIMARY KEY ("customer_id")
);

-- AddForeignKey
ALTER TABLE "orders_customer_previous_locks" ADD CONSTRAINT "orders_customer_previous_locks_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TYPE "orders_customer_previous_place" AS (
  "id" INTEGER, "account_id" TEXT, "customer_id" INTEGER, "source" "CommerceSource", "placed_at" TIMESTAMPTZ(3), "own" BOOLEAN
);

-- `moved`: the changed orders' places (`own`: the order as it now is, whose own values are
-- recomputed; otherwise a place it left).
-- Without JIT: the planner costs the statements below by the whole table, and on a bulk write
-- PostgreSQL spent more time compiling them than running them (0.5 s of 1.6 s for 36,000 orders).
CREATE FUNCTION "orders_customer_previous_refresh"("moved" "orders_customer_previous_place"[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO "orders_customer_previous_locks" ("customer_id")
  SELECT DISTINCT m."customer_id" FROM unnest("moved") m JOIN "customers" c ON c."id" = m."customer_id" ORDER BY 1
  ON CONFLICT ("customer_id") DO NOTHING;
  PERFORM 1 FROM (SELECT DISTINCT m."customer_id" FROM unnest("moved") m) m JOIN "orders_customer_previous_locks" l ON l."customer_id" = m."customer_id"
  ORDER BY l."customer_id" FOR UPDATE OF l;
  PERFORM set_config('orders.customer_previous_writing', 'on', true);
  -- Planned for each call (EXECUTE), with this call's list and the table as it is now. PL/pgSQL
  -- would cache a generic plan after a few calls; one made while the table was small probed the
  -- customers' orders through (account_id, placed_at, ...), reading every order of the account
  -- after a place instead of the customer's next one (an import of 16,000 orders: 28 s instead
  -- of 3 s on the embedded database, which never re-plans after ANALYZE).
  EXECUTE $sql$
  WITH "places" AS MATERIALIZED (
    SELECT m.* FROM unnest($1) m WHERE m."customer_id" IS NOT NULL
  ), "recompute" AS (
    SELECT m."id" FROM unnest($1) m WHERE m."own"
    UNION
    SELECT s."id" FROM "places" p CROSS JOIN LATERAL (
      SELECT o."id" FROM "orders" o
      WHERE o."account_id" = p."account_id" AND o."customer_id" = p."customer_id" AND o."status" <> 'cancelled'
        AND o."placed_at" >= p."placed_at" AND (o."placed_at", o."id") > (p."placed_at", p."id")
      ORDER BY o."placed_at", o."id" LIMIT 1) s
    UNION
    SELECT s."id" FROM "places" p CROSS JOIN LATERAL (
      SELECT o."id" FROM "orders" o
      WHERE o."account_id" = p."account_id" AND o."customer_id" = p."customer_id" AND o."source" = p."source" AND o."status" <> 'cancelled'
        AND o."placed_at" >= p."placed_at" AND (o."placed_at", o."id") > (p."placed_at", p."id")
      ORDER BY o."placed_at", o."id" LIMIT 1) s
  ), "value" AS MATERIALIZED (
    -- Each order by its primary key (OFFSET 0 keeps the planner from turning this into a hash
    -- join over the whole table), its two values computed once.
    SELECT o."id", o."customer_previous_at" AS "was_any_source", o."customer_source_previous_at" AS "was_same_source",
      CASE WHEN o."customer_id" IS NULL OR o."status" = 'cancelled' THEN NULL ELSE (
        SELECT q."placed_at" FROM "orders" q
        WHERE q."account_id" = o."account_id" AND q."customer_id" = o."customer_id" AND q."status" <> 'cancelled'
          AND q."placed_at" <= o."placed_at" AND (q."placed_at", q."id") < (o."placed_at", o."id")
        ORDER BY q."placed_at" DESC LIMIT 1) END AS "any_source",
      CASE WHEN o."customer_id" IS NULL OR o."status" = 'cancelled' THEN NULL ELSE (
        SELECT q."placed_at" FROM "orders" q
        WHERE q."account_id" = o."account_id" AND q."customer_id" = o."customer_id" AND q."source" = o."source" AND q."status" <> 'cancelled'
          AND q."placed_at" <= o."placed_at" AND (q."placed_at", q."id") < (o."placed_at", o."id")
        ORDER BY q."placed_at" DESC LIMIT 1) END AS "same_source"
    FROM "recompute" r CROSS JOIN LATERAL (SELECT * FROM "orders" x WHERE x."id" = r."id" OFFSET 0) o
  )
  UPDATE "orders" o SET "customer_previous_at" = v."any_source", "customer_source_previous_at" = v."same_source"
  FROM "value" v
  WHERE o."id" = v."id" AND (v."was_any_source", v."was_same_source") IS DISTINCT FROM (v."any_source", v."same_source")
  $sql$ USING "moved";
  PERFORM set_config('orders.customer_previous_writing', 'off', true);
END;
$$;

-- The places a statement moved: every inserted order; a deleted counted order, if its customer
-- still has orders (deleting an account's orders probes nothing); both places of an updated
-- order whose customer, source, placed_at or either value changed, or that was cancelled or
-- restored (another status change leaves the chains as they were; the old place only if that
-- customer still has orders).
CREATE FUNCTION "orders_customer_previous"() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  "moved" "orders_customer_previous_place"[];
BEGIN
  IF current_setting('orders.customer_previous_writing', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n."id", n."account_id", n."customer_id", n."source", n."placed_at", true)::"orders_customer_previous_place")
    INTO "moved" FROM "new_orders" n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(o."id", o."account_id", o."customer_id", o."source", o."placed_at", false)::"orders_customer_previous_place")
    INTO "moved" FROM "old_orders" o
    WHERE o."customer_id" IS NOT NULL AND o."status" <> 'cancelled'
      AND EXISTS (SELECT 1 FROM "orders" e WHERE e."account_id" = o."account_id" AND e."customer_id" = o."customer_id");
  ELSE
    -- The changed rows without joining the two transition tables (a cached plan that expects
    -- one row in each nests one scan inside the other): a version of an order not found among
    -- the other side's versions changed.
    SELECT array_agg(x.p) INTO "moved" FROM (
      SELECT ROW(n."id", n."account_id", n."customer_id", n."source", n."placed_at", true)::"orders_customer_previous_place" AS p
      FROM (SELECT "id", "account_id", "customer_id", "source", "status" = 'cancelled', "placed_at", "customer_previous_at", "customer_source_previous_at" FROM "new_orders"
            EXCEPT
            SELECT "id", "account_id", "customer_id", "source", "status" = 'cancelled', "placed_at", "customer_previous_at", "customer_source_previous_at" FROM "old_orders"
           ) n ("id", "account_id", "customer_id", "source", "cancelled", "placed_at")
      UNION ALL
      SELECT ROW(o."id", o."account_id", o."customer_id", o."source", o."placed_at", false)::"orders_customer_previous_place"
      FROM (SELECT "id", "account_id", "customer_id", "source", "status" = 'cancelled', "placed_at", "customer_previous_at", "customer_source_previous_at" FROM "old_orders"
            EXCEPT
            SELECT "id", "account_id", "customer_id", "source", "status" = 'cancelled', "placed_at", "customer_previous_at", "customer_source_previous_at" FROM "new_orders"
           ) o ("id", "account_id", "customer_id", "source", "cancelled", "placed_at")
      WHERE o."customer_id" IS NOT NULL AND NOT o."cancelled"
        AND EXISTS (SELECT 1 FROM "orders" e WHERE e."account_id" = o."account_id" AND e."customer_id" = o."customer_id")
    ) x;
  END IF;
  IF "moved" IS NOT NULL THEN
    PERFORM "orders_customer_previous_refresh"("moved");
  END IF;
  RETURN NULL;
END;
$$;

-- An inserted order's own values, computed before it is written (the rows its statement wrote
-- before it are visible here), so that an order placed after its customer's others (the usual
-- case) is not written a second time by the statement trigger, which then finds its values right.
-- That second write was not only time: the covering index is ordered by placed_at, and each
-- rewritten order left a dead entry whose space later orders never reuse (the bench database's
-- index: 278 MB built that way, 90 MB rebuilt; the breakdowns read it 1.5 times slower). An order
-- placed before others of its customer still gets its values fixed by the statement trigger, and
-- a direct write of the columns on insert is replaced here.
CREATE FUNCTION "orders_customer_previous_own"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF NEW."customer_id" IS NULL OR NEW."status" = 'cancelled' THEN
    NEW."customer_previous_at" := NULL;
    NEW."customer_source_previous_at" := NULL;
  ELSE
    NEW."customer_previous_at" := (
      SELECT q."placed_at" FROM "orders" q
      WHERE q."account_id" = NEW."account_id" AND q."customer_id" = NEW."customer_id" AND q."status" <> 'cancelled'
        AND q."placed_at" <= NEW."placed_at" AND (q."placed_at", q."id") < (NEW."placed_at", NEW."id")
      ORDER BY q."placed_at" DESC LIMIT 1);
    NEW."customer_source_previous_at" := (
      SELECT q."placed_at" FROM "orders" q
      WHERE q."account_id" = NEW."account_id" AND q."customer_id" = NEW."customer_id" AND q."source" = NEW."source" AND q."status" <> 'cancelled'
        AND q."placed_at" <= NEW."placed_at" AND (q."placed_at", q."id") < (NEW."placed_at", NEW."id")
      ORDER BY q."placed_at" DESC LIMIT 1);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "orders_customer_previous_own" BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_customer_previous_own"();
CREATE TRIGGER "orders_customer_previous_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_customer_previous"();
CREATE TRIGGER "orders_customer_previous_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_customer_previous"();
CREATE TRIGGER "orders_customer_previous_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_customer_previous"();

-- The customer-metrics marks (migration 20261121221439_issue7_customer_metrics_pending), two
-- changes: the rewrite above changes none of the columns they count, so they skip it; an update
-- finds its changed rows without joining the two transition tables. PL/pgSQL caches a plan after
-- a few small writes that expects one row in each, nesting one scan inside the other: a later
-- update of 6,000 orders took 6 s in that join alone (36,000 orders: a minute).
CREATE OR REPLACE FUNCTION "customer_metrics_mark_pending"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('orders.customer_previous_writing', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "customer_metrics_pending" ("account_id", "customer_id")
    SELECT DISTINCT n."account_id", n."customer_id" FROM "new_orders" n
    WHERE n."customer_id" IS NOT NULL ORDER BY 1, 2
    ON CONFLICT ("account_id", "customer_id") DO UPDATE SET "customer_id" = EXCLUDED."customer_id";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "customer_metrics_pending" ("account_id", "customer_id")
    SELECT DISTINCT o."account_id", o."customer_id" FROM "old_orders" o
    WHERE o."customer_id" IS NOT NULL ORDER BY 1, 2
    ON CONFLICT ("account_id", "customer_id") DO UPDATE SET "customer_id" = EXCLUDED."customer_id";
  ELSE
    -- Both customers of an order whose counted columns changed: its old version is not among the
    -- new ones, and its new version not among the old ones.
    INSERT INTO "customer_metrics_pending" ("account_id", "customer_id")
    SELECT DISTINCT x."account_id", x."customer_id" FROM (
      (SELECT "id", "account_id", "customer_id", "status", "total_amount", "refunded_amount", "placed_at" FROM "old_orders"
       EXCEPT
       SELECT "id", "account_id", "customer_id", "status", "total_amount", "refunded_amount", "placed_at" FROM "new_orders")
      UNION ALL
      (SELECT "id", "account_id", "customer_id", "status", "total_amount", "refunded_amount", "placed_at" FROM "new_orders"
       EXCEPT
       SELECT "id", "account_id", "customer_id", "status", "total_amount", "refunded_amount", "placed_at" FROM "old_orders")
    ) x
    WHERE x."customer_id" IS NOT NULL
    ORDER BY 1, 2
    ON CONFLICT ("account_id", "customer_id") DO UPDATE SET "customer_id" = EXCLUDED."customer_id";
  END IF;
  RETURN NULL;
END;
$$;

-- CreateIndex
CREATE INDEX "orders_account_id_placed_at_covering_idx" ON "orders"("account_id", "placed_at", "status", "source", "total_amount", "customer_id", "customer_country", "customer_previous_at", "customer_source_previous_at");

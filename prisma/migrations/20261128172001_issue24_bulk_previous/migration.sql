-- Bulk loads of orders (issue 24, src/domain/ingestion bulkUpsertOrders): the row trigger that
-- computes an inserted order's customer_previous_at and customer_source_previous_at steps aside
-- while orders.customer_previous_writing is on, as the statement triggers already do. The bulk
-- statement computes those values itself, for the whole batch in one plan (this trigger planned
-- its two look-ups again for every row: force_custom_plan), and rebuildPrevious then corrects the
-- touched customers' orders with one lag() statement before the setting is turned off. Outside a
-- bulk load nothing changes: the setting is on only inside the statement trigger's own UPDATE,
-- which this INSERT trigger does not see.
CREATE OR REPLACE FUNCTION "orders_customer_previous_own"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF current_setting('orders.customer_previous_writing', true) = 'on' THEN
    RETURN NEW;
  END IF;
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

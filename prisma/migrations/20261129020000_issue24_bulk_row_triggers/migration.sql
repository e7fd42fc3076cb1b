-- Bulk loads of orders (issue 24, src/domain/ingestion bulkUpsertOrders): the orders' two BEFORE
-- INSERT row triggers are not called at all for a bulk batch's rows. A trigger's WHEN condition is
-- evaluated by the executor for each row without entering PL/pgSQL; before, each row paid a
-- function call that only looked at the setting and returned (orders_customer_previous_own, which
-- also set and restored plan_cache_mode around it), and the customer's country look-up
-- (orders_customer_country_insert).
-- - orders_customer_previous_own: skipped while orders.customer_previous_writing is on, as the
--   function itself already did (migration 20261128172001): the batch's INSERT computes both
--   previous-order columns and rebuildPrevious corrects what the batch moved.
-- - orders_customer_country_insert: skipped while orders.customer_country_given is on, which a
--   bulk batch sets only around its orders INSERT: that statement writes customer_country itself,
--   the country of the customer as read while the batch holds the customer row FOR KEY SHARE (the
--   lock this trigger took), so a change of the country waits for the batch to commit and then
--   rewrites its orders (customers_country_to_orders), as before. Every other insert of an order
--   still takes its customer's country from this trigger.
-- Outside a bulk batch nothing changes.
DROP TRIGGER "orders_customer_previous_own" ON "orders";
CREATE TRIGGER "orders_customer_previous_own" BEFORE INSERT ON "orders"
  FOR EACH ROW
  WHEN (current_setting('orders.customer_previous_writing', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "orders_customer_previous_own"();

DROP TRIGGER "orders_customer_country_insert" ON "orders";
CREATE TRIGGER "orders_customer_country_insert" BEFORE INSERT ON "orders"
  FOR EACH ROW
  WHEN (current_setting('orders.customer_country_given', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "orders_customer_country"();

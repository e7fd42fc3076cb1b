-- Bulk loads of orders (issue 24): order_items no longer has a foreign key to accounts. A line's
-- account_id is its order's (the ingestion writes both from the same account), and the order's
-- own key to accounts is checked; deleting an account deletes its orders, which delete their
-- lines (order_items_order_id_fkey, ON DELETE CASCADE). The check cost every line an index
-- probe and a lock of the account row (two of the nine foreign-key checks of a bulk order with
-- two lines), for nothing the order's key does not already guarantee. (No code changes an account's
-- id, so the key's ON UPDATE CASCADE reached nothing either.)
-- DropForeignKey
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_account_id_fkey";

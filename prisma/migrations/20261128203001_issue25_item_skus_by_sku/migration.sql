-- A SKU's stock in an account with several Shopify shops is the sum over every live shop's
-- locations of that SKU (src/domain/connections connectorStock): the items of a SKU are found by
-- (integration, sku).

-- CreateIndex
CREATE INDEX "connector_item_skus_integration_id_sku_idx" ON "connector_item_skus"("integration_id", "sku");

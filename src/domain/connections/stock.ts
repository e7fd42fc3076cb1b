// The upstream inventory items of an integration (docs/connectors/shopify.md): their SKUs and their
// stock per location, kept by the connectors from the backfill and from webhooks.
import type { PrismaClient } from '../../db/client.ts';
import { connectionsRepo } from './repo.ts';

/** An upstream inventory item's stock at one location, as the upstream stamped it. */
export interface LocationStock {
  itemId: string;
  locationId: string;
  available: number;
  updatedAt: Date;
}

/**
 * An integration's inventory items: their SKUs (an inventory_levels/update names the item only)
 * and their stock per location, newer-wins per location by the upstream's stamp. A SKU's level is
 * the sum over every location known, from the backfill and from webhooks alike.
 */
export function connectorStock(prisma: PrismaClient) {
  const repo = connectionsRepo(prisma);
  /**
   * Stores locations' stock of items (an older stamp than the stored one changes nothing) in one
   * statement; answers, by item, its SKU, its total over the known locations and the newest stamp
   * among them. An item whose SKU is not known yet is absent.
   */
  async function setStocks(integrationId: number, levels: readonly LocationStock[]) {
    const rows = await repo.setStocks(integrationId, levels);
    return new Map([...rows].map(([itemId, row]) => [itemId, { sku: row.sku, available: row.total, updatedAt: row.updated_at }]));
  }
  return {
    /** The SKUs of upstream inventory items (from product variants: webhooks and the backfill). */
    rememberItemSkus: (integrationId: number, items: ReadonlyArray<{ itemId: string; sku: string }>) => repo.rememberItemSkus(integrationId, items),

    setStocks,

    /** One location's stock of an item (an inventory_levels/update): setStocks of one. */
    async setStock(integrationId: number, level: LocationStock) {
      return (await setStocks(integrationId, [level])).get(level.itemId);
    },
  };
}

export type ConnectorStock = ReturnType<typeof connectorStock>;

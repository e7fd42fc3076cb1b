// The only Prisma access for connector plumbing: OAuth states, sealed upstream tokens (with the
// lease that keeps refreshes one at a time), and the webhook inbox.
import type { PrismaClient } from '../../db/client.ts';
import { col, parseRows, z } from '../shared/rows.ts';

const integrationRow = z.object({
  id: col.int,
  account_id: col.text,
  provider: col.text,
  shop: col.text,
  connected_at: col.date,
  revoked_at: col.date.nullable(),
});
export type IntegrationRow = z.output<typeof integrationRow>;

const stockTotalRow = z.object({ item_id: col.text, sku: col.text, total: col.bigint, updated_at: col.date });

const credentialRow = z.object({
  access_token: col.text,
  refresh_token: col.text.nullable(),
  access_expires_at: col.date.nullable(),
  refresh_expires_at: col.date.nullable(),
  scopes: z.array(z.string()).nullable(),
});
export type CredentialRow = z.output<typeof credentialRow>;

const inboxRow = z.object({
  id: col.bigint,
  provider: col.text,
  dedup_key: col.text,
  account_id: col.text,
  integration_id: col.int.nullable(),
  shop: col.text,
  topic: col.text,
  triggered_at: col.date.nullable(),
  body: col.text,
  status: col.text,
  attempts: col.int,
  next_attempt_at: col.date,
  last_error: col.text.nullable(),
  last_attempt_at: col.date.nullable(),
  result: z.unknown().nullable(),
  received_at: col.date,
  processed_at: col.date.nullable(),
});
export type InboxRow = z.output<typeof inboxRow>;

const inboxErrorRow = z.object({
  integration_id: col.int,
  topic: col.text,
  status: col.text,
  attempts: col.int,
  next_attempt_at: col.date,
  last_error: col.text,
  at: col.date,
});
export type InboxErrorRow = z.output<typeof inboxErrorRow>;

export interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
}

/** A webhook delivery as received, before processing. */
export interface NewDelivery {
  provider: string;
  /** The platform's idempotency key: a second delivery with it is a duplicate. */
  dedupKey: string;
  accountId: string;
  integrationId: number;
  shop: string;
  topic: string;
  triggeredAt: Date | null;
  /** The raw body, as signed. */
  body: string;
}

export function connectionsRepo(prisma: PrismaClient) {
  return {
    async insertState(row: { nonce: string; accountId: string; userId: string; provider: string; shop: string; expiresAt: Date }): Promise<void> {
      await prisma.$executeRaw`
        INSERT INTO oauth_states (nonce, account_id, user_id, provider, shop, expires_at)
        VALUES (${row.nonce}, ${row.accountId}, ${row.userId}::uuid, ${row.provider}, ${row.shop}, ${row.expiresAt}::timestamptz)`;
      // Expired states are of no use to anyone: each new one sweeps them.
      await prisma.$executeRaw`DELETE FROM oauth_states WHERE expires_at < now() - interval '1 day'`;
    },

    /** Marks the state used and returns it, unless it is unknown, used, expired or another provider's. */
    async consumeState(nonce: string, provider: string, now: Date) {
      return parseRows(
        z.object({ account_id: col.text, user_id: col.text, shop: col.text }),
        await prisma.$queryRaw`
          UPDATE oauth_states SET used_at = ${now}::timestamptz
          WHERE nonce = ${nonce} AND provider = ${provider} AND used_at IS NULL AND expires_at > ${now}::timestamptz
          RETURNING account_id, user_id::text AS user_id, shop`,
      )[0];
    },

    async integration(id: number): Promise<IntegrationRow | undefined> {
      return parseRows(
        integrationRow,
        await prisma.$queryRaw`SELECT id, account_id, provider, shop, connected_at, revoked_at FROM integrations WHERE id = ${id}`,
      )[0];
    },

    /** The integrations of a provider's shop, in any account: unrevoked first, then the latest connected. */
    async integrationsForShop(provider: string, shop: string): Promise<IntegrationRow[]> {
      return parseRows(
        integrationRow,
        await prisma.$queryRaw`
          SELECT id, account_id, provider, shop, connected_at, revoked_at FROM integrations
          WHERE provider = ${provider} AND shop = ${shop}
          ORDER BY (revoked_at IS NULL) DESC, connected_at DESC, id DESC`,
      );
    },

    /** Stores an install's tokens (a reconnect replaces them and ends any refresh lease). */
    async saveTokens(integrationId: number, t: SealedTokens, now: Date): Promise<void> {
      await prisma.$executeRaw`
        INSERT INTO integration_credentials (integration_id, access_token, refresh_token, access_expires_at, refresh_expires_at, scopes, refreshed_at, updated_at)
        VALUES (${integrationId}, ${t.accessToken}, ${t.refreshToken}, ${t.accessExpiresAt}::timestamptz, ${t.refreshExpiresAt}::timestamptz, ${t.scopes}::text[], ${now}::timestamptz, ${now}::timestamptz)
        ON CONFLICT (integration_id) DO UPDATE SET access_token = EXCLUDED.access_token, refresh_token = EXCLUDED.refresh_token,
          access_expires_at = EXCLUDED.access_expires_at, refresh_expires_at = EXCLUDED.refresh_expires_at,
          scopes = EXCLUDED.scopes, refreshed_at = EXCLUDED.refreshed_at, updated_at = EXCLUDED.updated_at,
          refresh_lease_token = NULL, refresh_lease_until = NULL`;
    },

    async credentials(integrationId: number): Promise<CredentialRow | undefined> {
      return parseRows(
        credentialRow,
        await prisma.$queryRaw`
          SELECT access_token, refresh_token, access_expires_at, refresh_expires_at, scopes
          FROM integration_credentials WHERE integration_id = ${integrationId}`,
      )[0];
    },

    /**
     * Claims the refresh of the integration's tokens for `leaseMs` under the lease id `lease`: the
     * credentials when claimed, undefined when there are none or another holder's lease runs.
     */
    async claimRefresh(integrationId: number, lease: string, now: Date, leaseMs: number): Promise<CredentialRow | undefined> {
      return parseRows(
        credentialRow,
        await prisma.$queryRaw`
          UPDATE integration_credentials
          SET refresh_lease_token = ${lease}, refresh_lease_until = ${new Date(now.getTime() + leaseMs)}::timestamptz
          WHERE integration_id = ${integrationId} AND (refresh_lease_until IS NULL OR refresh_lease_until <= ${now}::timestamptz)
          RETURNING access_token, refresh_token, access_expires_at, refresh_expires_at, scopes`,
      )[0];
    },

    /**
     * Stores refreshed tokens and ends the lease. An UPDATE, never an insert: credentials deleted
     * meanwhile (the integration revoked) stay deleted. False when there was no row.
     */
    async saveRefreshed(integrationId: number, t: SealedTokens, now: Date): Promise<boolean> {
      const updated = await prisma.$executeRaw`
        UPDATE integration_credentials SET access_token = ${t.accessToken}, refresh_token = ${t.refreshToken},
          access_expires_at = ${t.accessExpiresAt}::timestamptz, refresh_expires_at = ${t.refreshExpiresAt}::timestamptz,
          scopes = ${t.scopes}::text[], refreshed_at = ${now}::timestamptz, updated_at = ${now}::timestamptz,
          refresh_lease_token = NULL, refresh_lease_until = NULL
        WHERE integration_id = ${integrationId}`;
      return updated === 1;
    },

    /** Ends the lease `lease` if it is still the holder's (a refresh that failed). */
    async releaseRefresh(integrationId: number, lease: string): Promise<void> {
      await prisma.$executeRaw`
        UPDATE integration_credentials SET refresh_lease_token = NULL, refresh_lease_until = NULL
        WHERE integration_id = ${integrationId} AND refresh_lease_token = ${lease}`;
    },

    /** Stores a delivery unless its key is known; true when stored. */
    async insertInbox(row: NewDelivery): Promise<boolean> {
      const stored = await prisma.$executeRaw`
        INSERT INTO connector_inbox (provider, dedup_key, account_id, integration_id, shop, topic, triggered_at, body)
        VALUES (${row.provider}, ${row.dedupKey}, ${row.accountId}, ${row.integrationId}, ${row.shop}, ${row.topic}, ${row.triggeredAt}::timestamptz, ${row.body})
        ON CONFLICT (provider, dedup_key) DO NOTHING`;
      return stored === 1;
    },

    /** The account's pending deliveries due by `now`, oldest first (by the platform's trigger time, then arrival). */
    async dueInbox(accountId: string, provider: string, now: Date, limit: number): Promise<InboxRow[]> {
      return parseRows(
        inboxRow,
        await prisma.$queryRaw`
          SELECT * FROM connector_inbox
          WHERE account_id = ${accountId} AND provider = ${provider} AND status = 'pending' AND next_attempt_at <= ${now}::timestamptz
          ORDER BY coalesce(triggered_at, received_at), id LIMIT ${limit}`,
      );
    },

    /** When the account's next pending delivery is due, if any. */
    async nextDue(accountId: string): Promise<Date | null> {
      const rows = parseRows(
        z.object({ at: col.date.nullable() }),
        await prisma.$queryRaw`SELECT min(next_attempt_at) AS at FROM connector_inbox WHERE account_id = ${accountId} AND status = 'pending'`,
      );
      return rows[0]?.at ?? null;
    },

    async markInboxDone(id: number, result: unknown, now: Date): Promise<void> {
      const json = result === undefined || result === null ? null : JSON.stringify(result);
      await prisma.$executeRaw`
        UPDATE connector_inbox SET status = 'done', attempts = attempts + 1, body = '{}', processed_at = ${now}::timestamptz, last_attempt_at = ${now}::timestamptz,
          last_error = NULL, result = ${json}::jsonb
        WHERE id = ${id}`;
    },

    async markInboxDoneMany(done: ReadonlyArray<{ id: number; result: unknown }>, now: Date): Promise<void> {
      if (!done.length) return;
      const ids = done.map((d) => d.id);
      const results = done.map((d) => (d.result === undefined || d.result === null ? null : JSON.stringify(d.result)));
      await prisma.$executeRaw`
        UPDATE connector_inbox c SET status = 'done', attempts = c.attempts + 1, body = '{}', processed_at = ${now}::timestamptz, last_attempt_at = ${now}::timestamptz,
          last_error = NULL, result = u.result::jsonb
        FROM unnest(${ids}::bigint[], ${results}::text[]) AS u(id, result)
        WHERE c.id = u.id`;
    },

    async markInboxFailed(id: number, error: string, next: Date | null, now: Date): Promise<void> {
      await prisma.$executeRaw`
        UPDATE connector_inbox SET attempts = attempts + 1, last_error = ${error}, last_attempt_at = ${now}::timestamptz,
          status = CASE WHEN ${next === null} THEN 'failed' ELSE 'pending' END,
          next_attempt_at = coalesce(${next}::timestamptz, next_attempt_at)
        WHERE id = ${id}`;
    },

    async listInbox(accountId: string, filter: { topic?: string; status?: string }, limit: number): Promise<InboxRow[]> {
      return parseRows(
        inboxRow,
        await prisma.$queryRaw`
          SELECT * FROM connector_inbox
          WHERE account_id = ${accountId} AND (${filter.topic ?? null}::text IS NULL OR topic = ${filter.topic ?? null})
            AND (${filter.status ?? null}::text IS NULL OR status = ${filter.status ?? null})
          ORDER BY id DESC LIMIT ${limit}`,
      );
    },

    /**
     * The failed and retrying deliveries of some of the account's integrations (a last error kept),
     * the newest `perIntegration` of each, newest first.
     */
    async inboxErrors(accountId: string, integrationIds: readonly number[], perIntegration: number): Promise<InboxErrorRow[]> {
      if (!integrationIds.length) return [];
      return parseRows(
        inboxErrorRow,
        await prisma.$queryRaw`
          SELECT integration_id, topic, status, attempts, next_attempt_at, last_error, at FROM (
            SELECT integration_id, topic, status, attempts, next_attempt_at, last_error, coalesce(last_attempt_at, received_at) AS at,
              row_number() OVER (PARTITION BY integration_id ORDER BY coalesce(last_attempt_at, received_at) DESC, id DESC) AS n
            FROM connector_inbox
            WHERE account_id = ${accountId} AND integration_id = ANY(${[...integrationIds]}::int[])
              AND status IN ('pending', 'failed') AND last_error IS NOT NULL
          ) e
          WHERE n <= ${perIntegration}
          ORDER BY integration_id, at DESC`,
      );
    },

    async rememberItemSkus(integrationId: number, items: ReadonlyArray<{ itemId: string; sku: string }>): Promise<void> {
      // One row per item (the last SKU named wins, as one statement cannot update a row twice).
      const last = new Map(items.map((item) => [item.itemId, item.sku]));
      if (last.size === 0) return;
      await prisma.$executeRaw`
        INSERT INTO connector_item_skus (integration_id, item_id, sku)
        SELECT ${integrationId}, x.item_id, x.sku FROM unnest(${[...last.keys()]}::text[], ${[...last.values()]}::text[]) AS x(item_id, sku)
        ON CONFLICT (integration_id, item_id) DO UPDATE SET sku = EXCLUDED.sku`;
    },

    /**
     * Stores locations' stock of items (newer wins per location) in one statement, and returns,
     * by item, its SKU with its stock summed over every location of that SKU in the account's live
     * integrations (two shops of one account selling the same SKU add up; a revoked shop's stock
     * no longer counts) and the newest stamp among them; an item whose SKU is not known yet is
     * absent.
     */
    async setStocks(integrationId: number, levels: ReadonlyArray<{ itemId: string; locationId: string; available: number; updatedAt: Date }>) {
      // The newest figure of each (item, location): one statement cannot update a row twice.
      const newest = new Map<string, (typeof levels)[number]>();
      for (const level of levels) {
        const key = `${level.itemId}\u0000${level.locationId}`;
        const held = newest.get(key);
        if (!held || held.updatedAt <= level.updatedAt) newest.set(key, level);
      }
      const rows = [...newest.values()];
      if (rows.length === 0) return new Map<string, z.output<typeof stockTotalRow>>();
      await prisma.$executeRaw`
        INSERT INTO connector_inventory_levels (integration_id, item_id, location_id, available, updated_at)
        SELECT ${integrationId}, x.item_id, x.location_id, x.available, x.updated_at
        FROM unnest(${rows.map((r) => r.itemId)}::text[], ${rows.map((r) => r.locationId)}::text[], ${rows.map((r) => r.available)}::int[],
                    ${rows.map((r) => r.updatedAt)}::timestamptz[]) AS x(item_id, location_id, available, updated_at)
        ON CONFLICT (integration_id, item_id, location_id) DO UPDATE SET available = EXCLUDED.available, updated_at = EXCLUDED.updated_at
        WHERE connector_inventory_levels.updated_at <= EXCLUDED.updated_at`;
      const totals = parseRows(
        stockTotalRow,
        await prisma.$queryRaw`
          SELECT me.item_id, me.sku, coalesce(sum(l.available), 0)::bigint AS total, max(l.updated_at) AS updated_at
          FROM connector_item_skus me
          JOIN integrations mine ON mine.id = me.integration_id
          JOIN integrations i ON i.account_id = mine.account_id AND i.provider = mine.provider AND (i.revoked_at IS NULL OR i.id = mine.id)
          JOIN connector_item_skus s ON s.integration_id = i.id AND s.sku = me.sku
          JOIN connector_inventory_levels l ON l.integration_id = s.integration_id AND l.item_id = s.item_id
          WHERE me.integration_id = ${integrationId} AND me.item_id = ANY(${[...new Set(rows.map((r) => r.itemId))]}::text[])
          GROUP BY me.item_id, me.sku`,
      );
      return new Map(totals.map((t) => [t.item_id, t]));
    },

    /** What the account stores about a customer of a source: the customer row and their orders. */
    async customerData(accountId: string, source: string, externalId: string) {
      const customers = parseRows(
        z.object({
          id: col.int,
          external_id: col.text,
          email: col.text,
          name: col.text,
          phone: col.text.nullable(),
          city: col.text,
          country: col.text,
          created_at: col.date,
        }),
        await prisma.$queryRaw`
          SELECT id, external_id, email, name, phone, city, country, created_at FROM customers
          WHERE account_id = ${accountId} AND source = ${source}::"CommerceSource" AND external_id = ${externalId}`,
      );
      const customer = customers[0];
      if (!customer) return null;
      const orders = parseRows(
        z.object({ external_id: col.text, status: col.text, currency: col.text, total_amount: z.unknown(), refunded_amount: z.unknown(), placed_at: col.date }),
        await prisma.$queryRaw`
          SELECT external_id, status::text AS status, currency, total_amount, refunded_amount, placed_at FROM orders
          WHERE account_id = ${accountId} AND customer_id = ${customer.id} ORDER BY placed_at, id`,
      );
      return { customer, orders };
    },

    /** A shop's connector rows erased (shop/redact): item SKUs, stock levels, pending deliveries' bodies. */
    async eraseShopRows(accountId: string, integrationId: number, keepId: number): Promise<void> {
      await prisma.$executeRaw`DELETE FROM connector_item_skus WHERE integration_id = ${integrationId}`;
      await prisma.$executeRaw`DELETE FROM connector_inventory_levels WHERE integration_id = ${integrationId}`;
      await prisma.$executeRaw`UPDATE connector_inbox SET body = '{}', result = NULL WHERE account_id = ${accountId} AND integration_id = ${integrationId} AND id <> ${keepId}`;
      await prisma.$executeRaw`DELETE FROM integration_credentials WHERE integration_id = ${integrationId}`;
    },

    /** Earlier data-request results about a customer erased (customers/redact). */
    async eraseCustomerResults(accountId: string, integrationId: number, customerId: string): Promise<void> {
      await prisma.$executeRaw`
        UPDATE connector_inbox SET result = NULL
        WHERE account_id = ${accountId} AND integration_id = ${integrationId} AND topic = 'customers/data_request' AND result->>'customerId' = ${customerId}`;
    },
  };
}

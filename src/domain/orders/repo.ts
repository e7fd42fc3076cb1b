// The only Prisma access of the orders list: one keyset page in a sort order, and the count of
// the same filter. Scoped by the account; the range filter uses the range's local midnights as
// instants, so that the scans use the (account_id, placed_at) index.
import { z } from 'zod';
import type { PrismaClient } from '../../db/client.ts';
import { parseRows } from '../shared/rows.ts';
import { Prisma } from '../../db/__generated__/prisma/client.ts';
import type { PageRequest } from '../shared/index.ts';
import type { OrderSortKey } from './rules.ts';

export interface OrderListFilter {
  /** Local days, both ends included, in the time zone `timeZone`. */
  range?: { from: string; to: string; timeZone: string };
  source?: 'shopify' | 'woo_commerce' | 'mercado_libre';
  status?: 'paid' | 'refunded' | 'partially_refunded' | 'cancelled';
  customerId?: number;
}
/** A position in the list: the sort value as text (null in id order) and the id. */
export interface OrderKey {
  value: string | null;
  id: number;
}

const orderRow = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  source: z.enum(['shopify', 'woo_commerce', 'mercado_libre']),
  externalId: z.string(),
  status: z.enum(['paid', 'refunded', 'partially_refunded', 'cancelled']),
  currency: z.string(),
  subtotal: z.string(),
  totalAmount: z.string(),
  refundedAmount: z.string(),
  placedAt: z.date(),
});
export type OrderListRow = z.infer<typeof orderRow>;

const SORT: Record<OrderSortKey, { column: Prisma.Sql; type: Prisma.Sql | null }> = {
  PLACED_AT: { column: Prisma.sql`o.placed_at`, type: Prisma.sql`timestamptz` },
  TOTAL: { column: Prisma.sql`o.total_amount`, type: Prisma.sql`numeric` },
  ID: { column: Prisma.sql`o.id`, type: null },
};

function where(accountId: string, filter: OrderListFilter): Prisma.Sql {
  const parts = [Prisma.sql`o.account_id = ${accountId}`];
  if (filter.range) {
    const { from, to, timeZone } = filter.range;
    parts.push(
      Prisma.sql`o.placed_at >= (${from}::date::timestamp AT TIME ZONE ${timeZone}::text) AND o.placed_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}::text)`,
    );
  }
  if (filter.source) parts.push(Prisma.sql`o.source::text = ${filter.source.replace('_', '-')}`);
  if (filter.status) parts.push(Prisma.sql`o.status::text = ${filter.status}`);
  if (filter.customerId !== undefined) parts.push(Prisma.sql`o.customer_id = ${filter.customerId}::int`);
  return Prisma.join(parts, ' AND ');
}

export function ordersRepo(prisma: PrismaClient) {
  return {
    /**
     * take+1 orders in fetch order: the list order (sort key, then id, both descending when
     * `descending`), reversed for a backward page; after a cursor lies further along the list
     * order, before one against it.
     */
    async page(
      accountId: string,
      filter: OrderListFilter,
      sort: { key: OrderSortKey; descending: boolean },
      request: PageRequest<OrderKey>,
    ): Promise<OrderListRow[]> {
      const { column, type } = SORT[sort.key];
      const dir = Prisma.raw(sort.descending !== request.backward ? 'DESC' : 'ASC');
      const bound = (cursor: OrderKey | null, further: boolean) => {
        if (!cursor) return Prisma.sql`TRUE`;
        const op = Prisma.raw(sort.descending === further ? '<' : '>');
        return type === null ? Prisma.sql`o.id ${op} ${cursor.id}::int` : Prisma.sql`(${column}, o.id) ${op} (${cursor.value}::${type}, ${cursor.id}::int)`;
      };
      const order = sort.key === 'ID' ? Prisma.sql`o.id ${dir}` : Prisma.sql`${column} ${dir}, o.id ${dir}`;
      const rows = await prisma.$queryRaw<unknown[]>`
        SELECT o.id, o.customer_id AS "customerId", replace(o.source::text, '-', '_') AS source, o.external_id AS "externalId",
               o.status::text AS status, o.currency, o.subtotal::text AS subtotal, o.total_amount::text AS "totalAmount",
               o.refunded_amount::text AS "refundedAmount", o.placed_at AS "placedAt"
        FROM orders o
        WHERE ${where(accountId, filter)} AND ${bound(request.after, true)} AND ${bound(request.before, false)}
        ORDER BY ${order}
        LIMIT ${request.take + 1}`;
      return parseRows(orderRow, rows);
    },

    /** The account's IANA time zone; null without the account. */
    async timeZone(accountId: string): Promise<string | null> {
      const account = await prisma.account.findUnique({ where: { id: accountId }, select: { timezone: true } });
      return account?.timezone ?? null;
    },

    /** How many orders match the filter. */
    async count(accountId: string, filter: OrderListFilter): Promise<number> {
      const rows = await prisma.$queryRaw<unknown[]>`SELECT count(*)::int AS n FROM orders o WHERE ${where(accountId, filter)}`;
      return z.object({ n: z.number().int() }).parse(rows[0]).n;
    },
  };
}

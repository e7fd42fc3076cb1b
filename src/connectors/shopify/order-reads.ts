// What one Admin query per order reads beyond an orders page or a bulk line (docs/connectors/
// shopify-sync.md): the lines past the first page, and the refunds' lines (a connection inside the
// refunds list, which a bulk operation does not read and an orders page could not afford).
import type { AdminClient } from './admin-client.ts';
import { LINE_FIELDS, ORDER_FIELDS, REFUND_LINE_FIELDS, type GqlLineItem, type GqlOrder, type GqlRefundLine } from './map-graphql.ts';

/** Lines per query past the first page: about 2 + MORE_LINES x a line's cost. */
export const MORE_LINES = 100;
/** Lines per refund: about 2 + REFUND_LINES x a refund line's cost (under Shopify's 1,000-point cap). */
export const REFUND_LINES = 100;

const MORE_LINES_QUERY = `query OrderLines($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: ${MORE_LINES}, after: $after) { pageInfo { hasNextPage endCursor } edges { node { ${LINE_FIELDS} } } } }
}`;

const REFUND_LINES_QUERY = `query OrderRefundLines($id: ID!) {
  order(id: $id) { refunds { id refundLineItems(first: ${REFUND_LINES}) { edges { node { ${REFUND_LINE_FIELDS} } } } } }
}`;

const ORDER_QUERY = `query Order($id: ID!) {
  order(id: $id) { ${ORDER_FIELDS} lineItems(first: ${MORE_LINES}) { pageInfo { hasNextPage endCursor } edges { node { ${LINE_FIELDS} } } } }
}`;

export interface LinePage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: GqlLineItem }[];
}

interface Ctx {
  client: AdminClient;
  signal?: AbortSignal;
}

/** Every line of an order: those of the first page, then the rest page by page. */
export async function allLines(ctx: Ctx, orderId: string, first: LinePage): Promise<GqlLineItem[]> {
  const lines = first.edges.map((e) => e.node);
  let pageInfo = first.pageInfo;
  while (pageInfo.hasNextPage) {
    const more: { order: { lineItems: LinePage } | null } = await ctx.client.query(MORE_LINES_QUERY, { id: orderId, after: pageInfo.endCursor }, ctx.signal);
    // Deleted meanwhile: what was read is written, and the next run reads the order as it is then.
    if (!more.order) break;
    lines.push(...more.order.lineItems.edges.map((e) => e.node));
    pageInfo = more.order.lineItems.pageInfo;
  }
  return lines;
}

/** An order read whole (every line, page by page), as a bulk line and its children carry it; null when it is gone. */
export async function readOrder(ctx: Ctx, orderId: string): Promise<{ order: GqlOrder; lines: GqlLineItem[] } | null> {
  const answer: { order: (GqlOrder & { lineItems: LinePage }) | null } = await ctx.client.query(ORDER_QUERY, { id: orderId }, ctx.signal);
  if (!answer.order) return null;
  const { lineItems, ...order } = answer.order;
  return { order, lines: await allLines(ctx, orderId, lineItems) };
}

/**
 * Whether an order's refunds may have lines, so that they must be read (refundLines): only when it
 * has refunds and one of its lines has units refunded (refundableQuantity below quantity; a line
 * read without it counts as refunded). A refund of an amount alone (most of them) costs no query.
 */
export const refundsHaveLines = (order: GqlOrder, lines: readonly GqlLineItem[]) =>
  order.refunds.length > 0 && lines.some((l) => l.refundableQuantity === undefined || l.refundableQuantity < l.quantity);

/** The lines of an order's refunds, by refund id (asked only for orders whose refunds have lines: refundsHaveLines). */
export async function refundLines(ctx: Ctx, orderId: string): Promise<Map<string, GqlRefundLine[]>> {
  const answer: { order: { refunds: { id: string; refundLineItems: { edges: { node: GqlRefundLine }[] } }[] } | null } = await ctx.client.query(
    REFUND_LINES_QUERY,
    { id: orderId },
    ctx.signal,
  );
  return new Map((answer.order?.refunds ?? []).map((r) => [r.id, r.refundLineItems.edges.map((e) => e.node)]));
}

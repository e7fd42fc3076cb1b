// Pure rules of the orders list: its sort keys, the page bounds, and what a cursor's sort value
// must look like for each key (it goes back into SQL as a typed value).
export type OrderSortKey = 'PLACED_AT' | 'TOTAL' | 'ID';

/** Page size of the orders connection: refused above the maximum (paging.ts). */
export const ORDERS_PAGE = { default: 25, max: 100 };

const CURSOR_VALUE: Record<OrderSortKey, RegExp> = {
  ID: /^$/,
  TOTAL: /^-?\d{1,12}(\.\d{1,2})?$/,
  PLACED_AT: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
};

/** Whether `value` is a sort value a cursor of `key` can carry (id order carries none). */
export const validCursorValue = (key: OrderSortKey, value: string | null): boolean =>
  CURSOR_VALUE[key].test(value ?? '') && (key !== 'PLACED_AT' || realInstant(value!));

/** An ISO instant of PLACED_AT's shape that names a real time (2026-02-30 or 25:00 would fail its SQL cast). */
const realInstant = (value: string): boolean => !value.startsWith('0000') && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;

/** The sort value of an order as its cursor carries it. */
export function cursorValue(key: OrderSortKey, order: { placedAt: Date; totalAmount: string }): string | null {
  if (key === 'ID') return null;
  return key === 'TOTAL' ? order.totalAmount : order.placedAt.toISOString();
}

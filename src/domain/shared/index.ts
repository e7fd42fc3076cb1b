// Rules every resource module and door shares: counts and pages, dates, ids, status moves.
export { boundedCount, pageRequest, pageOf, idDescendingWindow, V1_PAGE } from './bounds.ts';
export type { CountBounds, CountPolicy, PageArgs, PageRequest, Page, PagePolicy } from './bounds.ts';
export { addDays, daysBetween, isoDate, localDate, isFullRecompute, FULL_RECOMPUTE_UTC_HOUR } from './dates.ts';
export { parseDecimalInteger, isRowIdParam, ROW_ID_MAX } from './integers.ts';
export { newAccountId, newEventId, newDeliveryId } from './ids.ts';
export { checkTransition } from './transitions.ts';
export type { DecimalLike, JsonObject, JsonValue } from './types.ts';
export type * from './enums.ts';
export { col, isUniqueViolation, parseRows, z } from './rows.ts';

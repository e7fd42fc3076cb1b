// The reorder module's public surface: suggestions the smart-reorder job writes, their status
// moves, and that job.
export { reorderService, type ReorderService } from './service.ts';
export type { ReorderSuggestion, ReorderSuggestionsPage, ReorderStatus } from './types.ts';
export { REORDER, REORDER_PAGE, REORDER_STATUSES, reorderSuggestion, reorderConfidence, safetyStock, type ReorderInputs } from './rules.ts';

// The reorder module's declared types: what its service returns to the doors.
import type { ReorderStatus } from '../shared/enums.ts';
import type { DecimalLike } from '../shared/types.ts';
import type { Page } from '../shared/bounds.ts';

export type { ReorderStatus };

/** A suggestion the smart-reorder job wrote for a low or critical item. */
export interface ReorderSuggestion {
  id: number;
  inventoryItemId: number;
  qtySuggested: number;
  reason: string;
  confidence: DecimalLike;
  forecastDays: number;
  computedAt: Date;
  status: ReorderStatus;
}

/** A page of suggestions, newest first, and when it was read. */
export type ReorderSuggestionsPage = Page<ReorderSuggestion> & { generatedAt: Date };

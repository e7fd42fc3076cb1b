// The accounts module's public surface.
export { accountsService, type AccountsService } from './service.ts';

export type { Plan } from '../shared/enums.ts';
import type { Plan } from '../shared/enums.ts';

/** An account as every door reads it. */
export interface Account {
  id: string;
  name: string;
  plan: Plan;
  currency: string;
  timezone: string;
  /** Which day a refund counts on in the profit snapshots (docs/ingestion.md, "Refund attribution"). */
  refundAttribution: 'order_day' | 'refund_day';
  isDemo: boolean;
  createdAt: Date;
}

// What each paid feature costs in credits (rest-api-v1.md, Limits: "Credit costs"). The one table
// the ledger debits from and /api/v1/feature-costs publishes.
export interface FeatureCost {
  /** The feature name written on ledger rows (`feature`) and usage records. */
  feature: string;
  /** Credits per unit. */
  credits: number;
  /** What one unit is. */
  unit: 'call' | 'order';
  description: string;
}

export const FEATURE_COSTS = [
  { feature: 'ai_insight', credits: 5, unit: 'call', description: 'One AI insight generated from the account’s metrics.' },
  { feature: 'creative_analysis', credits: 50, unit: 'call', description: 'An AI analysis of an ad creative.' },
  { feature: 'forecast', credits: 20, unit: 'call', description: 'A demand or revenue forecast.' },
  { feature: 'daily_brief', credits: 10, unit: 'call', description: 'The AI daily brief.' },
  { feature: 'shipping_export_bulk_sheet', credits: 2, unit: 'order', description: 'Shipping export as a bulk sheet, per order.' },
  { feature: 'shipping_export_carrier_api', credits: 3, unit: 'order', description: 'Shipping export through the carrier API, per order.' },
  { feature: 'shipping_import_carrier_response', credits: 1, unit: 'order', description: 'Importing a carrier response, per order.' },
] as const satisfies readonly FeatureCost[];

export type FeatureName = (typeof FEATURE_COSTS)[number]['feature'];

const BY_NAME = new Map<string, FeatureCost>(FEATURE_COSTS.map((f) => [f.feature, f]));

/** The cost of `units` of a feature; throws for a feature that is not in the table. */
export function featureCost(feature: FeatureName, units = 1): number {
  const row = BY_NAME.get(feature);
  if (!row) throw new Error(`unknown paid feature: ${feature}`);
  if (!Number.isSafeInteger(units) || units < 1) throw new Error(`units must be a positive integer, got ${units}`);
  return row.credits * units;
}

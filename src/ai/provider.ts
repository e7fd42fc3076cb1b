// The text-generation port of the AI features: a finding (facts computed from the account's data)
// goes in, an insight draft (validated) and what the call cost come out. Implementations: the
// deterministic local provider (default, offline) and an OpenAI-compatible HTTP provider.
import { z } from 'zod';
import { INSIGHT_CATEGORIES, SEVERITIES } from '../domain/insights/index.ts';

/** One thing worth an insight, with the numbers behind it. */
export interface Finding {
  /** Identifies the finding: an open insight with the same key is never generated again. */
  key: string;
  category: (typeof INSIGHT_CATEGORIES)[number];
  severity: (typeof SEVERITIES)[number];
  /** What was found, in a few words (kind of finding: anomaly, stockout, profit_decline, ...). */
  kind: string;
  /** The facts: metric names to values. */
  facts: Record<string, string | number>;
  relatedAnomalyId?: number;
}

/** What a provider must answer (schema-validated whatever the provider). */
export const InsightDraftSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(4000),
    suggested_action: z.string().trim().min(1).max(1000),
    impact_estimate: z.string().trim().max(500).default(''),
    severity: z.enum(SEVERITIES),
  })
  .strip();

export type InsightDraft = z.infer<typeof InsightDraftSchema>;

export interface GenerationResult {
  draft: InsightDraft;
  model: string;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
}

export interface AiProvider {
  readonly name: string;
  /** Writes the insight for one finding; throws when it cannot (the caller refunds). */
  generateInsight(finding: Finding, signal?: AbortSignal): Promise<GenerationResult>;
}

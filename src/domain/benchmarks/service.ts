// Public, anonymised aggregates across stores. A bucket (a plan, or all stores) is published only
// when at least MIN_BUCKET stores contribute; smaller ones are only counted as suppressed, so no
// figure can be traced to one store. Predictions follow the same rule per day of input.
import type { PrismaClient } from '../../db/client.ts';
import { benchmarksRepo, type StoreFigures } from './repo.ts';

export const MIN_BUCKET = 5;
const DAY_MS = 86_400_000;
const METRICS = ['aov', 'marginPct', 'repeatRate', 'roas'] as const;

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const round2 = (n: number) => Math.round(n * 100) / 100;

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Bucket {
  bucket: string;
  stores: number;
  medians: Record<(typeof METRICS)[number], number | null>;
}

function bucketOf(name: string, stores: StoreFigures[]): Bucket {
  const medians = {} as Bucket['medians'];
  for (const metric of METRICS) {
    // A figure needs MIN_BUCKET stores that have it (ROAS only exists for stores with ad spend).
    const values = stores.map((s) => s[metric]).filter((v): v is number => v !== null && Number.isFinite(v));
    const m = values.length >= MIN_BUCKET ? median(values) : null;
    medians[metric] = m === null ? null : round2(metric === 'repeatRate' ? m * 100 : m);
  }
  return { bucket: name, stores: stores.length, medians };
}

/**
 * Public endpoints scan every store's orders: one computation serves all callers for `ttlMs`
 * (the answers' own cache time), so the per-address limit cannot turn them into a load.
 */
function shared<T>(ttlMs: number, compute: () => Promise<T>): () => Promise<T> {
  let entry: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!entry || Date.now() - entry.at > ttlMs) {
      const value = compute().catch((error: unknown) => {
        entry = null;
        throw error;
      });
      entry = { at: Date.now(), value };
    }
    return entry.value;
  };
}

export const AGGREGATE_TTL_MS = 300_000;

export function benchmarksService(prisma: PrismaClient) {
  const repo = benchmarksRepo(prisma);
  const service = {
    /** Medians over the last 30 complete UTC days, overall and per plan. */
    async benchmarks(now = new Date()) {
      const until = startOfUtcDay(now);
      const since = new Date(until.getTime() - 30 * DAY_MS);
      const stores = await repo.storeFigures(since, until);
      const byPlan = new Map<string, StoreFigures[]>();
      for (const s of stores) byPlan.set(s.plan, [...(byPlan.get(s.plan) ?? []), s]);
      const candidates: Array<[string, StoreFigures[]]> = [
        ['all', stores],
        ...[...byPlan.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([plan, s]): [string, StoreFigures[]] => [`plan:${plan}`, s]),
      ];
      const published = candidates.filter(([, s]) => s.length >= MIN_BUCKET).map(([name, s]) => bucketOf(name, s));
      return { since, until, buckets: published, suppressedBuckets: candidates.length - published.length };
    },
    /** Median daily orders per store for the next 7 days: the mean of the same weekday over the last 4 weeks. */
    async predictions(now = new Date()) {
      const until = startOfUtcDay(now);
      const since = new Date(until.getTime() - 28 * DAY_MS);
      const days = (await repo.dailyOrderMedians(since, until)).filter((d) => d.stores >= MIN_BUCKET);
      const forecast = [];
      for (let i = 0; i < 7; i++) {
        const date = new Date(until.getTime() + i * DAY_MS);
        const same = days.filter((d) => new Date(d.day).getUTCDay() === date.getUTCDay());
        if (!same.length) continue;
        forecast.push({ date, predicted: round2(same.reduce((sum, d) => sum + d.median, 0) / same.length), basedOnDays: same.length });
      }
      return { since, until, forecast, inputDays: days.length };
    },
  };
  return {
    ...service,
    sharedBenchmarks: shared(AGGREGATE_TTL_MS, () => service.benchmarks()),
    sharedPredictions: shared(AGGREGATE_TTL_MS, () => service.predictions()),
  };
}

export type BenchmarksService = ReturnType<typeof benchmarksService>;

// Public content and data, CC BY 4.0, cached 300 s: changelog (+ RSS), feature costs, blog,
// integraciones, reports, benchmarks and predictions.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import { FEATURE_COSTS } from '../../src/domain/credits/index.ts';
import { MIN_BUCKET } from '../../src/domain/benchmarks/index.ts';
import { API_VERSION, date } from '../serializers/common.ts';
import { changelogRss, serializeChangelog } from '../serializers/changelog.ts';
import { CACHE, publicGet, publicMeta, siteBase } from '../public-route.ts';
import * as schemas from '../openapi/public-schemas.ts';

const ok = (description: string, schema: unknown) => ({ 200: { description, schema } });

export function publicContentRoutes(app: FastifyInstance, services: Pick<Services, 'benchmarks' | 'changelog' | 'content' | 'site'>, guard: AccessGuard): void {
  const links = (base: string) => ({ canonical: `${base}/api/v1/changelog`, rss: `${base}/api/v1/changelog.rss` });

  publicGet(
    app,
    guard,
    '/changelog',
    { maxAge: CACHE.content, doc: { summary: 'The changelog, newest first', responses: ok('The Changelog document.', schemas.Changelog) } },
    async (request) => {
      const { items, latestDate } = await services.changelog.list();
      return serializeChangelog(items, latestDate, links(siteBase(services, request)));
    },
  );

  publicGet(
    app,
    guard,
    '/changelog.rss',
    {
      maxAge: CACHE.content,
      doc: { summary: 'The changelog as an RSS 2.0 feed', responses: { 200: { description: 'RSS 2.0.', schema: null, media: ['application/rss+xml'] } } },
    },
    async (request, reply) => {
      const { items } = await services.changelog.list();
      reply.type('application/rss+xml; charset=utf-8');
      return changelogRss(items, links(siteBase(services, request)));
    },
  );

  const list = <T>(path: string, summary: string, schema: unknown, items: () => T[] | Promise<T[]>) =>
    publicGet(app, guard, path, { maxAge: CACHE.content, doc: { summary, responses: ok(summary, schema) } }, async (request) => {
      const data = await items();
      return { data, total: data.length, _meta: publicMeta(services, request, path), api_version: API_VERSION };
    });

  list('/feature-costs', 'Credit cost of each paid feature', schemas.FeatureCosts, () =>
    FEATURE_COSTS.map((f) => ({ feature: f.feature, credits: f.credits, unit: f.unit, description: f.description })),
  );
  list('/blog', 'Blog posts, newest first', schemas.Blog, () => services.content.blog());
  list('/integraciones', 'Supported integrations and their status', schemas.Integraciones, () => services.content.integrations());
  list('/reports', 'Published reports, newest first', schemas.Reports, () => services.content.reports());

  publicGet(
    app,
    guard,
    '/benchmarks',
    {
      maxAge: CACHE.content,
      doc: {
        summary: 'Anonymised benchmarks across stores',
        description: `Medians over the last 30 complete UTC days, overall and per plan; a bucket is published only with at least ${MIN_BUCKET} stores, and a figure only when ${MIN_BUCKET} of them have it.`,
        responses: ok('Benchmarks.', schemas.Benchmarks),
      },
    },
    async (request) => {
      const result = await services.benchmarks.sharedBenchmarks();
      return {
        window: { from: date(result.since), to: date(new Date(result.until.getTime() - 86_400_000)) },
        min_stores_per_bucket: MIN_BUCKET,
        buckets: result.buckets.map((b) => ({
          bucket: b.bucket,
          stores: b.stores,
          aov: b.medians.aov,
          margin_pct: b.medians.marginPct,
          repeat_customer_pct: b.medians.repeatRate,
          roas: b.medians.roas,
        })),
        suppressed_buckets: result.suppressedBuckets,
        _meta: publicMeta(services, request, '/benchmarks'),
        api_version: API_VERSION,
      };
    },
  );

  publicGet(
    app,
    guard,
    '/predictions',
    {
      maxAge: CACHE.content,
      doc: {
        summary: 'Forecast of median daily orders per store, next 7 days',
        description: `Seasonal naive forecast (mean of the same weekday over the last 4 weeks) of the median of daily paid orders per store, from days with at least ${MIN_BUCKET} stores.`,
        responses: ok('Predictions.', schemas.Predictions),
      },
    },
    async (request) => {
      const result = await services.benchmarks.sharedPredictions();
      return {
        metric: 'median_daily_orders_per_store',
        method: 'seasonal_naive_weekday_mean_4w',
        input: {
          from: date(result.since),
          to: date(new Date(result.until.getTime() - 86_400_000)),
          days_used: result.inputDays,
          min_stores_per_day: MIN_BUCKET,
        },
        data: result.forecast.map((f) => ({ date: date(f.date), predicted: f.predicted, based_on_days: f.basedOnDays })),
        _meta: publicMeta(services, request, '/predictions'),
        api_version: API_VERSION,
      };
    },
  );
}

// GraphQL settings: introspection and field suggestions default on, off in production, and can be
// set either way; the cost, depth and persisted-query cache bounds are validated.
import { ConfigError, loadConfig } from '../../src/config.ts';

const load = (env: Record<string, string>) => loadConfig({ env: { COMMIT_SHA: 'x', ...env }, envFile: null });

it('turns introspection and suggestions off in production unless asked for', () => {
  expect(load({}).graphql).toEqual({
    introspection: true,
    fieldSuggestions: true,
    maxCost: 1000,
    maxDepth: 10,
    apqCacheBytes: 8 * 1024 * 1024,
    costBucket: { size: 1000, restoreRate: 50 },
    subscriptions: { connectionsPerKey: 5, pollMs: 5000 },
  });
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgresql://u@h/db',
    WEBHOOK_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  };
  expect(load(production).graphql).toMatchObject({ introspection: false, fieldSuggestions: false });
  expect(load({ ...production, GRAPHQL_INTROSPECTION: 'true' }).graphql.introspection).toBe(true);
  expect(load({ GRAPHQL_FIELD_SUGGESTIONS: 'false', GRAPHQL_MAX_COST: '500', GRAPHQL_MAX_DEPTH: '6', GRAPHQL_APQ_CACHE_MB: '1' }).graphql).toEqual({
    introspection: true,
    fieldSuggestions: false,
    maxCost: 500,
    maxDepth: 6,
    apqCacheBytes: 1024 * 1024,
    costBucket: { size: 1000, restoreRate: 50 },
    subscriptions: { connectionsPerKey: 5, pollMs: 5000 },
  });
});

it('reports bad GraphQL settings with the others', () => {
  expect(() => load({ GRAPHQL_MAX_COST: '0', GRAPHQL_MAX_DEPTH: 'deep', GRAPHQL_INTROSPECTION: 'maybe' })).toThrow(ConfigError);
  try {
    load({ GRAPHQL_MAX_COST: '0', GRAPHQL_MAX_DEPTH: 'deep', GRAPHQL_INTROSPECTION: 'maybe' });
  } catch (error) {
    expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['GRAPHQL_INTROSPECTION', 'GRAPHQL_MAX_COST', 'GRAPHQL_MAX_DEPTH']);
  }
});

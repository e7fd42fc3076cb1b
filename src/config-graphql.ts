// The GraphQL door's settings (config.graphql): their environment schema and shape, declared apart so
// that src/config.ts stays short. src/config.ts reads the environment (the only reader) and calls these.
import { z } from 'zod';
import { bool, int } from './config-values.ts';

export const graphqlEnv = {
  GRAPHQL_INTROSPECTION: bool.optional(),
  GRAPHQL_FIELD_SUGGESTIONS: bool.optional(),
  GRAPHQL_MAX_COST: int(10, 100_000).default(1000),
  GRAPHQL_MAX_DEPTH: int(2, 50).default(10),
  GRAPHQL_APQ_CACHE_MB: int(1, 1024).default(8),
  GRAPHQL_COST_BUCKET_SIZE: int(10, 1_000_000).default(1000),
  GRAPHQL_COST_RESTORE_RATE: int(1, 1_000_000).default(50),
  GRAPHQL_WS_CONNECTIONS_PER_KEY: int(1, 1000).default(5),
  LIVE_POLL_MS: int(50, 3_600_000).default(5000),
};

type GraphQLEnv = z.infer<z.ZodObject<typeof graphqlEnv>>;

/** Introspection and suggestions default to on outside production. */
export function graphqlConfig(env: GraphQLEnv, production: boolean): GraphQLConfig {
  return {
    introspection: env.GRAPHQL_INTROSPECTION ?? !production,
    fieldSuggestions: env.GRAPHQL_FIELD_SUGGESTIONS ?? !production,
    maxCost: env.GRAPHQL_MAX_COST,
    maxDepth: env.GRAPHQL_MAX_DEPTH,
    apqCacheBytes: env.GRAPHQL_APQ_CACHE_MB * 1024 * 1024,
    costBucket: { size: env.GRAPHQL_COST_BUCKET_SIZE, restoreRate: env.GRAPHQL_COST_RESTORE_RATE },
    subscriptions: { connectionsPerKey: env.GRAPHQL_WS_CONNECTIONS_PER_KEY, pollMs: env.LIVE_POLL_MS },
  };
}

export interface GraphQLConfig {
  introspection: boolean;
  fieldSuggestions: boolean;
  maxCost: number;
  maxDepth: number;
  apqCacheBytes: number;
  /** Cost points per key (GRAPHQL_COST_BUCKET_SIZE, GRAPHQL_COST_RESTORE_RATE): the bucket's size and the points it restores per second. */
  costBucket: { size: number; restoreRate: number };
  /** WebSocket subscriptions: open connections allowed per key (GRAPHQL_WS_CONNECTIONS_PER_KEY), the safety poll of the outbox (LIVE_POLL_MS; wake-ups come first). */
  subscriptions: { connectionsPerKey: number; pollMs: number };
}

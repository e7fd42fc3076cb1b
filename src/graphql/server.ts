// The Apollo Server instance: the executable schema with its limits (depth, aliases,
// directives, tokens, recursive selections, cost), batching off, CSRF prevention on, automatic
// persisted queries in a bounded in-memory cache, introspection and field suggestions as
// configured, errors mapped to the REST codes, and cost in points (cost.ts) with extensions.cost on every answer.
import { ApolloServer } from '@apollo/server';
/** Apollo's header map, for route.ts, which imports this module only when GraphQL is first used. */
export { HeaderMap } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config.ts';
import type { GraphQLContext } from './context.ts';
import { formatErrorWith, type ErrorLog } from './errors.ts';
import { limitRules, MAX_TOKENS } from './limits.ts';
import { costPlugin } from './cost.ts';
import type { PointsBucket } from '../http/rate-limit/points.ts';
import { observabilityPlugin } from './observability.ts';
import { subscriptionsOverHttpRefused } from './operation-kind.ts';

export interface ServerLog extends ErrorLog {
  debug(message: string): void;
  info(message: string): void;
}

export function createApolloServer(schema: GraphQLSchema, config: Readonly<Config>, log: ServerLog, points: PointsBucket): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    schema,
    introspection: config.graphql.introspection,
    hideSchemaDetailsFromClientErrors: !config.graphql.fieldSuggestions,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    // The process owns shutdown (src/server.ts closes the app, which stops this server). Apollo's
    // own handlers would stop it and re-raise the signal, which reads as a second Ctrl-C.
    stopOnTerminationSignals: false,
    csrfPrevention: true,
    parseOptions: { maxTokens: MAX_TOKENS },
    maxRecursiveSelections: true,
    validationRules: limitRules(config.graphql.maxDepth),
    persistedQueries: { cache: new InMemoryLRUCache<string>({ maxSize: config.graphql.apqCacheBytes }), ttl: null },
    formatError: formatErrorWith(log, { suggestions: config.graphql.fieldSuggestions }),
    logger: {
      debug: (m) => log.debug(String(m)),
      info: (m) => log.info(String(m)),
      warn: (m) => log.warn({}, String(m)),
      error: (m) => log.error({}, String(m)),
    },
    plugins: [
      subscriptionsOverHttpRefused(),
      costPlugin(config.graphql.maxCost, points),
      observabilityPlugin(),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      // Installed by default, it visits every resolved field for cache hints; answers here are
      // private, no-store (route.ts), so the hints would never be used.
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
}

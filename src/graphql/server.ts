// The Apollo Server instance: the executable schema with its limits (depth, aliases,
// directives, tokens, recursive selections, cost), batching off, CSRF prevention on, automatic
// persisted queries in a bounded in-memory cache, introspection and field suggestions as
// configured, errors mapped to the REST codes, and extensions.cost on every answer.
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { getVariableValues, type GraphQLSchema } from 'graphql';
import type { Config } from '../config.ts';
import type { GraphQLContext } from './context.ts';
import { formatErrorWith, requestError, type ErrorLog } from './errors.ts';
import { actualCost, fragmentsOf, limitRules, MAX_TOKENS, requestedCost } from './limits.ts';

export interface ServerLog extends ErrorLog {
  debug(message: string): void;
  info(message: string): void;
}

/** Computes the cost before execution (refusing it over the maximum) and reports it after. */
function costPlugin(maxCost: number): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, operation, document, schema, contextValue }) {
          if (!operation) return;
          const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
          // Bad variables are reported by execution, which stops before any resolver runs.
          if (coerced.errors) return;
          const cost = requestedCost(schema, operation, fragmentsOf(document.definitions), coerced.coerced);
          contextValue.cost.requested = cost;
          if (cost > maxCost) {
            throw requestError('MAX_COST_EXCEEDED', `The query's cost (${cost}) is over the maximum of ${maxCost}; ask for smaller pages or fewer fields.`);
          }
        },
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single' || !contextValue.principal) return;
          const result = response.body.singleResult;
          const { rateLimit } = contextValue;
          result.extensions = {
            ...result.extensions,
            cost: {
              requestedQueryCost: contextValue.cost.requested,
              actualQueryCost: result.data ? actualCost(result.data) : 0,
              maximumQueryCost: maxCost,
              throttleStatus: {
                maximumAvailable: rateLimit.limit,
                currentlyAvailable: rateLimit.remaining,
                resetAt: new Date(rateLimit.resetAtMs).toISOString(),
              },
            },
          };
        },
      };
    },
  };
}

export function createApolloServer(schema: GraphQLSchema, config: Readonly<Config>, log: ServerLog): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    schema,
    introspection: config.graphql.introspection,
    hideSchemaDetailsFromClientErrors: !config.graphql.fieldSuggestions,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    csrfPrevention: true,
    parseOptions: { maxTokens: MAX_TOKENS },
    maxRecursiveSelections: true,
    validationRules: limitRules(config.graphql.maxDepth),
    persistedQueries: { cache: new InMemoryLRUCache<string>({ maxSize: config.graphql.apqCacheBytes }), ttl: null },
    formatError: formatErrorWith(log),
    logger: { debug: (m) => log.debug(String(m)), info: (m) => log.info(String(m)), warn: (m) => log.warn({}, String(m)), error: (m) => log.error({}, String(m)) },
    plugins: [
      costPlugin(config.graphql.maxCost),
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

// Per-field guards applied by one schema transform (@graphql-tools/utils mapSchema): the scope
// each root field needs (as REST: queries read, mutations write, key management a dashboard
// session), the role (a member's session may take only the member actions of src/domain/users/roles.ts), and field-level rate limits for expensive fields. A field limit is a rolling window
// counted in a RateLimitStore (this process's memory, or Redis under the configured prefix when
// REDIS_URL is set), whose hit is one atomic check-and-count: the memory store decides
// synchronously, the Redis store in one Lua script. Aliases cannot slip between a read and a
// write (they used to: graphql-rate-limit read the timestamps, then wrote them back).
import { defaultFieldResolver, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { AppError } from '../errors.ts';
import type { ScopeName } from '../domain/auth/index.ts';
import type { DashboardAction, MemberAction } from '../domain/users/index.ts';
import type { RateLimitStore } from '../http/rate-limit/index.ts';
import type { GraphQLContext } from './context.ts';
import { PUBLIC_QUERY_FIELDS } from './anonymous.ts';

/** Dashboard-session-only fields (an API key is never enough). */
export const SESSION_ONLY = new Set([
  'createApiKey',
  'revokeApiKey',
  'pauseAi',
  'resumeAi',
  'pauseAiAccess',
  'resumeAiAccess',
  'updateAutoTopup',
  'dashboardUsers',
  'createDashboardUser',
  'removeDashboardUser',
  // The install binds its state to the signed-in user (src/connectors/shopify/routes.ts).
  'startShopifyInstall',
]);

/**
 * The member actions (src/domain/users/roles.ts) the mutations take; every other mutation, and the
 * user list, administers the account: an owner's (owner_required).
 */
export const MUTATION_ACTIONS: Record<string, MemberAction> = {
  setInsightStatus: 'insights.setStatus',
  generateInsights: 'insights.generate',
  setReorderStatus: 'reorders.setStatus',
  testWebhook: 'webhooks.test',
  resendWebhookDelivery: 'webhooks.resendDelivery',
  recoverWebhookDeliveries: 'webhooks.recoverDeliveries',
};
const ADMINISTER_QUERIES = new Set(['dashboardUsers']);

/** Field limits per caller, on top of the shared request budget: fields that cost more than a read. */
export const FIELD_LIMITS: Record<string, { max: number; windowMs: number }> = {
  'Query.profit': { max: 30, windowMs: 60_000 },
  'Query.inventory': { max: 30, windowMs: 60_000 },
  'Mutation.createWebhook': { max: 10, windowMs: 60_000 },
  'Mutation.testWebhook': { max: 10, windowMs: 60_000 },
  'Mutation.recoverWebhookDeliveries': { max: 10, windowMs: 60_000 },
  'Mutation.createApiKey': { max: 10, windowMs: 60_000 },
  // Each one hashes a password (scrypt: about 0.1-0.2 s of CPU and 32 MiB).
  'Mutation.createDashboardUser': { max: 10, windowMs: 60_000 },
  'Mutation.updateCustomerContact': { max: 30, windowMs: 60_000 },
  'Mutation.generateInsights': { max: 5, windowMs: 60_000 },
  // Each one starts the shop's backfill over: every bulk operation again, on the shop's Admin API budget.
  'Mutation.resyncIntegration': { max: 5, windowMs: 60_000 },
};

/** The store key of a caller's field limit (the request budgets' store, its own key space). */
export const fieldLimitKey = (budgetKey: string, field: string): string => `field:${budgetKey}:${field}`;

export function guardFields(
  schema: GraphQLSchema,
  store: RateLimitStore,
  requireScope: (context: GraphQLContext, scope: ScopeName) => void,
  requireSession: (context: GraphQLContext) => void,
  requireAction: (context: GraphQLContext, action: DashboardAction) => void,
): GraphQLSchema {
  const wrap =
    (typeName: 'Query' | 'Mutation') =>
    (fieldConfig: GraphQLFieldConfig<unknown, GraphQLContext>, fieldName: string): GraphQLFieldConfig<unknown, GraphQLContext> => {
      const resolve = fieldConfig.resolve ?? defaultFieldResolver;
      const limit = FIELD_LIMITS[`${typeName}.${fieldName}`];
      return {
        ...fieldConfig,
        async resolve(parent, args, context, info) {
          if (typeName === 'Query') {
            if (!PUBLIC_QUERY_FIELDS.has(fieldName)) requireScope(context, 'read');
            if (SESSION_ONLY.has(fieldName)) requireSession(context);
            if (ADMINISTER_QUERIES.has(fieldName)) requireAction(context, 'administer');
          } else {
            if (SESSION_ONLY.has(fieldName)) requireSession(context);
            else requireScope(context, 'write');
            requireAction(context, MUTATION_ACTIONS[fieldName] ?? 'administer');
          }
          if (limit) {
            // Every aliased call of the field counts: each one is a hit, decided atomically.
            const hit = await store.hit(fieldLimitKey(context.principal.budgetKey, `${typeName}.${fieldName}`), limit.max, limit.windowMs);
            if (!hit.allowed) throw new AppError('rate_limit_exceeded', `${fieldName}: at most ${limit.max} calls per ${limit.windowMs / 1000} s`);
          }
          return resolve(parent, args, context, info);
        },
      };
    };
  return mapSchema(schema, {
    [MapperKind.QUERY_ROOT_FIELD]: (fieldConfig, fieldName) => wrap('Query')(fieldConfig, fieldName),
    [MapperKind.MUTATION_ROOT_FIELD]: (fieldConfig, fieldName) => wrap('Mutation')(fieldConfig, fieldName),
  });
}

// Per-field guards applied by one schema transform (@graphql-tools/utils mapSchema): the scope
// each root field needs (as REST: queries read, mutations write, key management a dashboard
// session), and field-level rate limits for expensive fields through graphql-rate-limit's
// getGraphQLRateLimiter, whose timestamps live where the request budgets live (this process's
// memory, or Redis under the configured prefix when REDIS_URL is set).
import { defaultFieldResolver, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { getGraphQLRateLimiter, type Identity, type Store } from 'graphql-rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import type { ScopeName } from '../domain/auth/service.ts';
import type { GraphQLContext } from './context.ts';

/** Dashboard-session-only mutations (an API key is never enough). Add pauseAi/resumeAi here. */
export const SESSION_ONLY = new Set(['createApiKey', 'revokeApiKey']);

/** Field limits per caller, on top of the shared request budget: fields that cost more than a read. */
export const FIELD_LIMITS: Record<string, { max: number; window: string }> = {
  'Query.profit': { max: 30, window: '1m' },
  'Query.inventory': { max: 30, window: '1m' },
  'Mutation.createWebhook': { max: 10, window: '1m' },
  'Mutation.createApiKey': { max: 10, window: '1m' },
  'Mutation.updateCustomerContact': { max: 30, window: '1m' },
};

const MEMORY_IDENTITIES = 10_000;

/** graphql-rate-limit's store interface, kept in a bounded map. */
export class MemoryFieldStore implements Store {
  private readonly entries = new Map<string, { timestamps: readonly number[]; until: number }>();
  setForIdentity(identity: Identity, timestamps: readonly number[], windowMs = 60_000): void {
    const key = `${identity.contextIdentity}\u0000${identity.fieldIdentity}`;
    this.entries.delete(key);
    if (this.entries.size >= MEMORY_IDENTITIES) {
      const now = Date.now();
      for (const [k, entry] of this.entries) if (entry.until <= now || this.entries.size >= MEMORY_IDENTITIES) this.entries.delete(k);
    }
    this.entries.set(key, { timestamps, until: Date.now() + windowMs });
  }
  getForIdentity(identity: Identity): readonly number[] {
    const entry = this.entries.get(`${identity.contextIdentity}\u0000${identity.fieldIdentity}`);
    return entry && entry.until > Date.now() ? entry.timestamps : [];
  }
  async close(): Promise<void> {}
}

/** The same in Redis: one key per caller and field, expiring with its window. */
export class RedisFieldStore implements Store {
  private readonly redis: Redis;
  /** Like the request budgets, an unreachable Redis allows the call (reported through onError). */
  constructor(url: string, private readonly prefix: string, private readonly onError: (e: Error) => void) {
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    this.redis.on('error', onError);
  }
  private key(identity: Identity): string {
    return `${this.prefix}field:${identity.contextIdentity}:${identity.fieldIdentity}`;
  }
  async setForIdentity(identity: Identity, timestamps: readonly number[], windowMs = 60_000): Promise<void> {
    try {
      await this.redis.set(this.key(identity), JSON.stringify(timestamps), 'PX', windowMs);
    } catch (error) {
      this.onError(error as Error);
    }
  }
  async getForIdentity(identity: Identity): Promise<readonly number[]> {
    try {
      const value = await this.redis.get(this.key(identity));
      const parsed: unknown = value ? JSON.parse(value) : [];
      return Array.isArray(parsed) ? parsed.filter((t): t is number => typeof t === 'number') : [];
    } catch (error) {
      this.onError(error as Error);
      return [];
    }
  }
  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export function guardFields(schema: GraphQLSchema, store: Store, requireScope: (context: GraphQLContext, scope: ScopeName) => void, requireSession: (context: GraphQLContext) => void): GraphQLSchema {
  const limiter = getGraphQLRateLimiter({
    store,
    identifyContext: (context: GraphQLContext) => context.principal.budgetKey,
    createError: (message: string) => new AppError('rate_limit_exceeded', message),
  });
  const wrap = (typeName: 'Query' | 'Mutation') => (fieldConfig: GraphQLFieldConfig<unknown, GraphQLContext>, fieldName: string): GraphQLFieldConfig<unknown, GraphQLContext> => {
    const resolve = fieldConfig.resolve ?? defaultFieldResolver;
    const limit = FIELD_LIMITS[`${typeName}.${fieldName}`];
    return {
      ...fieldConfig,
      async resolve(parent, args, context, info) {
        if (typeName === 'Query') requireScope(context, 'read');
        else if (SESSION_ONLY.has(fieldName)) requireSession(context);
        else requireScope(context, 'write');
        if (limit) {
          const message = await limiter({ parent, args, context, info }, { ...limit, message: `${fieldName}: at most ${limit.max} calls per ${limit.window}` });
          if (message) throw new AppError('rate_limit_exceeded', message);
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

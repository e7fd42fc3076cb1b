// The executable schema: the SDL of schema/*.graphql, the resolvers of each area, the custom
// scalars, then the per-field guards (scopes and field rate limits).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RateLimitStore } from '../http/rate-limit/index.ts';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { projectRoot } from '../paths.ts';
import type { AuthService } from '../domain/auth/index.ts';
import { scalars } from './scalars.ts';
import { guardFields } from './field-limits.ts';
import { withUserErrors } from './user-errors.ts';
import { guardMutationPayloads } from './payload-scope.ts';
import { accountResolvers } from './resolvers/account.ts';
import { customerResolvers } from './resolvers/customers.ts';
import { operationsResolvers } from './resolvers/operations.ts';
import { analyticsResolvers } from './resolvers/analytics.ts';
import { aiResolvers } from './resolvers/ai.ts';
import { webhookResolvers } from './resolvers/webhooks.ts';
import { reportResolvers } from './resolvers/reports.ts';
import { liveResolvers } from './resolvers/live.ts';
import { globalIdResolvers, nodeResolvers } from './resolvers/node.ts';
import { summaryResolvers } from './resolvers/summaries.ts';
import { moneyResolvers } from './resolvers/money.ts';
import { userResolvers } from './resolvers/users.ts';
import { importResolvers } from './resolvers/imports.ts';

export const SCHEMA_DIR = path.join(projectRoot, 'schema');

/** The SDL files, in name order (one per area). */
export function readTypeDefs(dir = SCHEMA_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
}

export function buildSchema(auth: Pick<AuthService, 'requireScope' | 'requireSession' | 'requireAction'>, fieldStore: RateLimitStore) {
  const schema = makeExecutableSchema({
    typeDefs: readTypeDefs(),
    resolvers: [
      scalars,
      accountResolvers,
      customerResolvers,
      operationsResolvers,
      analyticsResolvers,
      aiResolvers,
      webhookResolvers,
      reportResolvers,
      liveResolvers,
      nodeResolvers,
      globalIdResolvers,
      summaryResolvers,
      moneyResolvers,
      userResolvers,
      importResolvers,
    ],
    inheritResolversFromInterfaces: true,
  });
  const guarded = guardFields(
    withUserErrors(schema),
    fieldStore,
    (context, scope) => auth.requireScope(context.principal, scope),
    (context) => auth.requireSession(context.principal),
    (context, action) => auth.requireAction(context.principal, action),
  );
  return guardMutationPayloads(guarded, (context) => auth.requireScope(context.principal, 'read'));
}

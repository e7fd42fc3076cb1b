// The executable schema: the SDL of schema/*.graphql, the resolvers of each area, the custom
// scalars, then the per-field guards (scopes and field rate limits).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Store } from 'graphql-rate-limit';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { projectRoot } from '../paths.ts';
import type { AuthService } from '../domain/auth/service.ts';
import { scalars } from './scalars.ts';
import { guardFields } from './field-limits.ts';
import { accountResolvers } from './resolvers/account.ts';
import { customerResolvers } from './resolvers/customers.ts';
import { operationsResolvers } from './resolvers/operations.ts';
import { analyticsResolvers } from './resolvers/analytics.ts';

export const SCHEMA_DIR = path.join(projectRoot, 'schema');

/** The SDL files, in name order (one per area). */
export function readTypeDefs(dir = SCHEMA_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
}

export function buildSchema(auth: Pick<AuthService, 'requireScope' | 'requireSession'>, fieldStore: Store) {
  const schema = makeExecutableSchema({
    typeDefs: readTypeDefs(),
    resolvers: [scalars, accountResolvers, customerResolvers, operationsResolvers, analyticsResolvers],
    inheritResolversFromInterfaces: true,
  });
  return guardFields(
    schema,
    fieldStore,
    (context, scope) => auth.requireScope(context.principal, scope),
    (context) => auth.requireSession(context.principal),
  );
}

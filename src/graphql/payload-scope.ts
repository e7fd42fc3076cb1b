// Write does not imply read, and a mutation's payload must not become a way to read: one rule for
// every object field of the schema, so every mutation (present and future) is covered. Under a
// Mutation root, a caller without `read` gets only
// - the payload's own fields (its outcome: eventId, success, secret, balance, and the objects it
//   holds, as containers),
// - the ids (fields of type ID) of the objects the payload holds, and
// - everything in outcome objects (userErrors, failed generations: the types the schema marks
//   `@outcome` where it declares them), which describe what happened to the request itself.
// Anything else is null with scope_required:read (GraphQL's null propagation applies as usual).
import { defaultFieldResolver, getNamedType, isObjectType, type GraphQLFieldConfig, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import type { GraphQLContext } from './context.ts';

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

/** Fields from the operation's root to this one (list indexes not counted): 1 is a root field. */
function fieldDepth(info: GraphQLResolveInfo): number {
  let depth = 0;
  for (let p: GraphQLResolveInfo['path'] | undefined = info.path; p; p = p.prev) if (typeof p.key === 'string') depth++;
  return depth;
}

/** Whether a field reached under a Mutation root is part of the outcome (readable with write alone). */
function isMutationOutcome(outcomeType: boolean, info: GraphQLResolveInfo): boolean {
  if (outcomeType) return true;
  const depth = fieldDepth(info);
  return depth <= 2 || (depth === 3 && getNamedType(info.returnType).name === 'ID');
}

export function guardMutationPayloads(schema: GraphQLSchema, requireRead: (context: GraphQLContext) => void): GraphQLSchema {
  // The object types marked @outcome where the schema declares them.
  const outcomes = new Set(
    Object.values(schema.getTypeMap())
      .filter((type) => isObjectType(type) && type.astNode?.directives?.some((d) => d.name.value === 'outcome'))
      .map((type) => type.name),
  );
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (fieldConfig: GraphQLFieldConfig<unknown, GraphQLContext>, _fieldName, typeName) => {
      if (ROOTS.has(typeName) || typeName.startsWith('__')) return fieldConfig;
      const outcome = outcomes.has(typeName);
      const resolve = fieldConfig.resolve ?? defaultFieldResolver;
      return {
        ...fieldConfig,
        resolve(parent, args, context, info) {
          if (info.operation.operation === 'mutation' && !context.principal.scopes.has('read') && !isMutationOutcome(outcome, info)) requireRead(context);
          return resolve(parent, args, context, info);
        },
      };
    },
  });
}

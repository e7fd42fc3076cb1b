// Errors as data: a mutation whose payload has `userErrors` answers the domain's refusals (bad
// input, not found, a status move the rules forbid, nothing to do, no credits) in that list, with
// the payload's other fields null, instead of a top-level error. Authentication, scope, session,
// rate limits, cost and internal faults stay top-level (they are raised outside this wrapper, or
// have codes not listed here). One schema transform, so the resolvers stay one service call.
import { defaultFieldResolver, getNamedType, isObjectType, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { AppError, type ErrorCode } from '../errors.ts';
import { publicMessage } from '../error-table.ts';

/** The codes that are a refusal of this input, answered in userErrors. */
export const USER_ERROR_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_parameter',
  'invalid_url',
  'unsafe_url',
  'invalid_events',
  'invalid_event_name',
  'props_too_large',
  'invalid_field',
  'too_many_webhooks',
  'not_found',
  'conflict',
  'payment_required',
]);

export interface UserErrorValue {
  field: string[] | null;
  code: string;
  message: string;
}

/** A mutation's successful payload: its fields and no user errors. */
export const ok = <T extends object>(payload: T): T & { userErrors: UserErrorValue[] } => ({ ...payload, userErrors: [] });

/** A refusal as a user error: the field path is the input's (`input.<param>`) where a param is named. */
export function toUserError(error: AppError, hasInput: boolean): UserErrorValue {
  const param = error.details.param;
  // The domain names REST parameters (grace_period_hours): the path names the GraphQL input fields.
  const path = param?.split('.').map((part) => part.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()));
  const field = path ? [...(hasInput && path[0] !== 'input' ? ['input'] : []), ...path] : null;
  return { field, code: error.code, message: publicMessage(error) ?? error.code };
}

export function withUserErrors(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.MUTATION_ROOT_FIELD]: (fieldConfig: GraphQLFieldConfig<unknown, unknown>) => {
      const payload = getNamedType(fieldConfig.type);
      if (!isObjectType(payload) || !payload.getFields().userErrors) return fieldConfig;
      const resolve = fieldConfig.resolve ?? defaultFieldResolver;
      const hasInput = Boolean(fieldConfig.args?.input);
      return {
        ...fieldConfig,
        async resolve(parent, args, context, info) {
          try {
            const result = (await resolve(parent, args, context, info)) as { userErrors?: unknown } | null;
            return result && !result.userErrors ? { ...result, userErrors: [] } : result;
          } catch (error) {
            if (error instanceof AppError && USER_ERROR_CODES.has(error.code)) return { userErrors: [toUserError(error, hasInput)] };
            throw error;
          }
        },
      };
    },
  });
}

// Cost in points, as Shopify's GraphQL throttle. Before execution the operation's requested cost
// is computed (limits.ts; lists whose size depends on the data are counted first) and refused over
// the maximum; then it is taken from the caller's points bucket (refused as THROTTLED, taking
// nothing, when the bucket does not hold it). After execution the points the answer did not use
// (requested minus actual) are given back, and extensions.cost reports both costs and the
// bucket's throttleStatus. `rateLimit(dryRun: true)` computes the cost and answers the rateLimit
// selections only: nothing else runs and nothing is taken from the bucket.
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { execute, getArgumentValues, getVariableValues, GraphQLError, Kind, type DocumentNode, type FieldNode, type OperationDefinitionNode } from 'graphql';
import type { PointsBucket } from '../http/rate-limit/points.ts';
import type { GraphQLContext } from './context.ts';
import { requestError } from './errors.ts';
import { fragmentsOf, requestedCost } from './limits.ts';
import { actualCost } from './actual-cost.ts';

/** Root fields of an operation (direct selections; fragments at the root are rare and then not sized). */
const rootFields = (operation: OperationDefinitionNode): FieldNode[] => operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);

/** Real list sizes of root fields whose size the arguments do not bound, read before execution. */
async function dataSizes(
  context: GraphQLContext,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  fieldOf: (name: string) => Parameters<typeof getArgumentValues>[0] | undefined,
) {
  const sizes = new Map<FieldNode, number>();
  if (operation.operation !== 'query') return sizes;
  for (const node of rootFields(operation)) {
    const field = node.name.value === 'anomalies' ? fieldOf('anomalies') : undefined;
    if (!field) continue;
    try {
      const args = getArgumentValues(field, node, variables) as { days?: number; severity?: 'low' | 'medium' | 'high' | 'critical' | null };
      sizes.set(
        node,
        await context.services.anomalies.countAnomalies(context.principal.accountId, {
          days: args.days,
          ...(args.severity ? { severity: args.severity } : {}),
        }),
      );
    } catch {
      // A bad window is the resolver's error to report; the estimate stays the argument-based one.
    }
  }
  return sizes;
}

/** Whether the operation selects rateLimit(dryRun: true) at its root. */
function isDryRun(
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  fieldOf: (name: string) => Parameters<typeof getArgumentValues>[0] | undefined,
): boolean {
  const field = fieldOf('rateLimit');
  if (!field || operation.operation !== 'query') return false;
  return rootFields(operation).some((node) => node.name.value === 'rateLimit' && getArgumentValues(field, node, variables).dryRun === true);
}

/** The document reduced to the operation's rateLimit (and __typename) root selections. */
function rateLimitOnly(document: DocumentNode, operation: OperationDefinitionNode): DocumentNode {
  const kept = rootFields(operation).filter((f) => f.name.value === 'rateLimit' || f.name.value === '__typename');
  return { ...document, definitions: [{ ...operation, selectionSet: { ...operation.selectionSet, selections: kept } }] };
}

export function costPlugin(maxCost: number, bucket: PointsBucket): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, operation, document, schema, contextValue }) {
          if (!operation) return;
          const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
          // Bad variables are reported by execution, which stops before any resolver runs.
          if (coerced.errors) return;
          const fieldOf = (name: string) => schema.getQueryType()?.getFields()[name];
          const sizes = await dataSizes(contextValue, operation, coerced.coerced, fieldOf);
          const cost = requestedCost(schema, operation, fragmentsOf(document.definitions), coerced.coerced, sizes);
          const state = contextValue.cost;
          state.requested = cost;
          if (cost > maxCost) {
            throw requestError('MAX_COST_EXCEEDED', `The query's cost (${cost}) is over the maximum of ${maxCost}; ask for smaller pages or fewer fields.`);
          }
          state.dryRun = isDryRun(operation, coerced.coerced, fieldOf);
          state.throttle = await bucket.take(contextValue.principal.budgetKey, cost, { dryRun: state.dryRun });
          if (!state.throttle.allowed && !state.dryRun) {
            const wait = Math.ceil((cost - state.throttle.currentlyAvailable) / state.throttle.restoreRate);
            throw new GraphQLError(
              `Throttled: the query costs ${cost} points and ${state.throttle.currentlyAvailable} are available (${state.throttle.restoreRate} restored a second).`,
              {
                extensions: {
                  code: 'rate_limit_exceeded',
                  reason: 'THROTTLED',
                  http: { status: 429, headers: new HeaderMap([['retry-after', String(Math.max(1, wait))]]) },
                },
              },
            );
          }
        },
        async responseForOperation({ document, operation, schema, contextValue, request }) {
          if (!contextValue.cost.dryRun) return null;
          // A dry run: only rateLimit runs (with this operation's cost); the rest is not executed.
          const result = await execute({ schema, document: rateLimitOnly(document, operation), contextValue, variableValues: request.variables ?? {} });
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: result } };
        },
        async willSendResponse({ response, contextValue, operation, document, schema }) {
          if (response.body.kind !== 'single' || !contextValue.principal) return;
          const result = response.body.singleResult;
          const state = contextValue.cost;
          const actual = result.data && operation ? actualCost(schema, operation, fragmentsOf(document?.definitions ?? []), result.data) : 0;
          // The points the answer did not use go back to the bucket.
          if (state.throttle?.allowed && !state.dryRun && state.requested > actual) {
            state.throttle = await bucket.take(contextValue.principal.budgetKey, actual - state.requested);
          }
          const throttle = state.throttle;
          result.extensions = {
            ...result.extensions,
            cost: {
              requestedQueryCost: state.requested,
              actualQueryCost: state.dryRun ? 0 : actual,
              maximumQueryCost: maxCost,
              ...(throttle
                ? {
                    throttleStatus: {
                      maximumAvailable: throttle.maximumAvailable,
                      currentlyAvailable: throttle.currentlyAvailable,
                      restoreRate: throttle.restoreRate,
                    },
                  }
                : {}),
            },
          };
        },
      };
    },
  };
}

// GraphQL metrics and resolver spans as an Apollo plugin: every operation is counted by name
// (bounded: src/observability/metrics.ts), type and outcome, with its requested cost; with tracing
// on, each field that has its own resolver gets a span, nested under the span of the nearest
// traced parent field (else under the request's HTTP span).
import type { ApolloServerPlugin } from '@apollo/server';
import type { Span } from '@opentelemetry/api';
import type { GraphQLResolveInfo } from 'graphql';
import { graphqlCost, graphqlOperations, operationLabel } from '../observability/metrics.ts';
import { otel, tracer } from '../observability/tracing.ts';
import type { GraphQLContext } from './context.ts';

type Path = GraphQLResolveInfo['path'];

function pathKey(path: Path | undefined): string {
  let key = '';
  for (let p = path; p; p = p.prev) key = `${p.key}.${key}`;
  return key;
}

export function observabilityPlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async executionDidStart() {
          const api = otel();
          if (!api) return;
          const root = api.context.active();
          const spans = new Map<string, Span>();
          return {
            willResolveField({ info }) {
              if (!info.parentType.getFields()[info.fieldName]?.resolve) return;
              let parent: Span | undefined;
              for (let p = info.path.prev; p && !parent; p = p.prev) parent = spans.get(pathKey(p));
              const span = tracer(api).startSpan(
                `graphql.resolve ${info.parentType.name}.${info.fieldName}`,
                {
                  attributes: {
                    'graphql.field.name': info.fieldName,
                    'graphql.field.type': info.parentType.name,
                    'graphql.field.path': pathKey(info.path).slice(0, -1),
                  },
                },
                parent ? api.trace.setSpan(root, parent) : root,
              );
              spans.set(pathKey(info.path), span);
              return (error) => {
                if (error) {
                  span.recordException(error);
                  span.setStatus({ code: api.SpanStatusCode.ERROR });
                }
                span.end();
              };
            },
          };
        },
        async willSendResponse({ operationName, operation, response, contextValue }) {
          const name = operationLabel(operationName ?? operation?.name?.value);
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          graphqlOperations.inc({ operation: name, type: operation?.operation ?? 'unknown', outcome: errors?.length ? 'error' : 'ok' });
          if (contextValue.cost?.requested) graphqlCost.observe({ operation: name }, contextValue.cost.requested);
        },
      };
    },
  };
}

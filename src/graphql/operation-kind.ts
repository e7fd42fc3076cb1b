// Subscriptions are not served over HTTP POST/GET: a subscription operation is a client error
// (subscription_not_supported, 400) before anything runs, not an execution failure.
import { GraphQLError } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from './context.ts';

export function subscriptionsOverHttpRefused(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          throw new GraphQLError('Subscriptions are not served over HTTP requests; send a query or a mutation.', {
            extensions: { code: 'subscription_not_supported', param: 'query', http: { status: 400 } },
          });
        },
      };
    },
  };
}

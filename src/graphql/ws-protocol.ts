// The graphql-ws protocol server behind ws.ts, loaded on the first WebSocket upgrade to /graphql
// (with ws, graphql-ws and the schema), so that a process that never serves a subscription does
// not load them (docs/operations.md, "Startup").
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { getOperationAST, GraphQLError, parse, specifiedRules, validate, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { Config } from '../config.ts';
import type { Principal } from '../domain/auth/index.ts';
import { AppError } from '../errors.ts';
import { createLoaders, type GraphQLContext, type GraphQLServices } from './context.ts';
import { fragmentsOf, limitRules, MAX_TOKENS, requestedCost } from './limits.ts';

/** Close code of a refused connection_init (graphql-ws's Forbidden); the reason is the error code. */
export const FORBIDDEN = 4403;

type Extra = {
  principal?: Principal;
  counted?: boolean;
};

/** The WebSocket server speaking graphql-ws; `schema` gives the schema, built on first use (route.ts). */
export function protocolServer(
  app: FastifyInstance,
  schema: () => Promise<GraphQLSchema>,
  deps: { services: GraphQLServices; config: Readonly<Config> },
): WebSocketServer {
  const { services, config } = deps;
  const wss = new WebSocketServer({ noServer: true });
  const open = new Map<string, number>();
  const rules = [...specifiedRules, ...limitRules(config.graphql.maxDepth)];

  const refuse = (socket: WebSocket, code: string) => {
    socket.close(FORBIDDEN, code);
    return false;
  };

  useServer<Record<string, unknown> | undefined, Extra>(
    {
      schema,
      async onConnect(ctx) {
        const authorization = ctx.connectionParams?.authorization;
        let principal: Principal;
        try {
          principal = await services.auth.authenticate(typeof authorization === 'string' ? authorization : undefined);
          services.auth.requireScope(principal, 'read');
        } catch (error) {
          if (!(error instanceof AppError)) app.log.error({ err: error }, 'WebSocket authentication failed unexpectedly');
          return refuse(ctx.extra.socket, error instanceof AppError ? error.code : 'internal_error');
        }
        const count = open.get(principal.budgetKey) ?? 0;
        if (count >= config.graphql.subscriptions.connectionsPerKey) return refuse(ctx.extra.socket, 'too_many_connections');
        open.set(principal.budgetKey, count + 1);
        ctx.extra.principal = principal;
        ctx.extra.counted = true;
        return true;
      },
      onClose(ctx) {
        const principal = ctx.extra.principal;
        if (!ctx.extra.counted || !principal) return;
        ctx.extra.counted = false;
        const left = (open.get(principal.budgetKey) ?? 1) - 1;
        if (left > 0) open.set(principal.budgetKey, left);
        else open.delete(principal.budgetKey);
      },
      async onSubscribe(ctx, _id, payload): Promise<ExecutionArgs | readonly GraphQLError[]> {
        const principal = ctx.extra.principal!;
        const built = await schema();
        let document;
        try {
          document = parse(payload.query, { maxTokens: MAX_TOKENS });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('The query could not be parsed.')];
        }
        const errors = validate(built, document, rules);
        if (errors.length) return errors;
        const operation = getOperationAST(document, payload.operationName);
        if (!operation || operation.operation !== 'subscription') {
          return [new GraphQLError('Only subscriptions run over WebSocket; send queries and mutations to POST /graphql.')];
        }
        const variableValues = payload.variables ?? {};
        let cost: number;
        try {
          cost = requestedCost(built, operation, fragmentsOf(document.definitions), variableValues);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('The subscription could not be costed.')];
        }
        if (cost > config.graphql.maxCost) return [new GraphQLError(`The subscription's cost (${cost}) is over the maximum of ${config.graphql.maxCost}.`)];
        const contextValue: GraphQLContext = {
          principal,
          services,
          rateLimit: { allowed: true, limit: config.rateLimit.perMinute, remaining: config.rateLimit.perMinute, resetAtMs: Date.now(), retryAfterMs: 0 },
          clientAddress: ctx.extra.request.socket.remoteAddress ?? '',
          cost: { requested: cost },
          loaders: createLoaders(services, principal.accountId),
        };
        return { schema: built, document, variableValues, contextValue, ...(payload.operationName ? { operationName: payload.operationName } : {}) };
      },
    },
    wss,
  );

  return wss;
}

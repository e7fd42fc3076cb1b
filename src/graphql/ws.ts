// Subscriptions over WebSocket: the graphql-ws protocol on /graphql (the same path as POST/GET,
// by HTTP upgrade). connection_init carries { authorization: "Bearer <API key or session>" },
// authenticated by the auth service and needing the read scope; a key holds at most
// GRAPHQL_WS_CONNECTIONS_PER_KEY open connections in this process. Only subscription operations
// run here (queries and mutations go through POST /graphql, with their budget and cost), under the
// same validation limits (depth, aliases, directives, tokens) and cost maximum.
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

/** `schema` gives the schema, built on first use (route.ts). */
export function subscriptionServer(
  app: FastifyInstance,
  path: string,
  schema: () => Promise<GraphQLSchema>,
  deps: { services: GraphQLServices; config: Readonly<Config> },
) {
  const { services, config } = deps;
  const wss = new WebSocketServer({ noServer: true });
  const open = new Map<string, number>();
  const rules = [...specifiedRules, ...limitRules(config.graphql.maxDepth)];

  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

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

  return {
    /** Open connections of this process (all keys). */
    connections: () => wss.clients.size,
    async close(): Promise<void> {
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      // Its subscriptions end with the sockets; this also waits for the feed's LISTEN connection to close.
      await services.live.close();
    },
  };
}

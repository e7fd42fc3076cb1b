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
import { originMatchesHost, sessionCookieOf } from '../http/session-cookie.ts';

/** Close code of a refused connection_init (graphql-ws's Forbidden); the reason is the error code. */
export const FORBIDDEN = 4403;
/** Close code of a cookie-authenticated socket whose session no longer holds (graphql-ws's Unauthorized). */
export const UNAUTHORIZED = 4401;
/** How often every cookie-authenticated socket's session is checked again (expiry, a change made by another instance). */
export const SESSION_RECHECK_MS = 30_000;

type Extra = {
  principal?: Principal;
  counted?: boolean;
};

/** A socket opened with the session cookie: its token, checked again while the socket is open. */
type CookieSocket = { socket: WebSocket; token: string; userId: string };

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

  // Sockets authenticated by the cookie outlive no session: sign out everywhere, a password change,
  // the user's removal (made in this process: at once; elsewhere: within SESSION_RECHECK_MS) and
  // the token's expiry close them with 4401 not_signed_in.
  const cookieSockets = new Set<CookieSocket>();
  async function recheck(entry: CookieSocket): Promise<void> {
    if (entry.socket.readyState !== entry.socket.OPEN) return void cookieSockets.delete(entry);
    try {
      await services.auth.authenticateSession(entry.token);
    } catch (error) {
      if (!(error instanceof AppError)) return void app.log.error({ err: error }, 'WebSocket session check failed unexpectedly');
      cookieSockets.delete(entry);
      entry.socket.close(UNAUTHORIZED, error.code);
    }
  }
  const stopListening = services.auth.onSessionsChanged((userId) => {
    for (const entry of cookieSockets) if (entry.userId === userId) void recheck(entry);
  });
  const timer = setInterval(() => {
    for (const entry of cookieSockets) void recheck(entry);
  }, SESSION_RECHECK_MS);
  timer.unref();
  wss.on('close', () => {
    clearInterval(timer);
    stopListening();
    cookieSockets.clear();
  });

  useServer<Record<string, unknown> | undefined, Extra>(
    {
      schema,
      async onConnect(ctx) {
        const authorization = ctx.connectionParams?.authorization;
        // The session cookie counts only without an authorization and from the page's own origin (ws.ts).
        const upgrade = ctx.extra.request;
        const cookie = authorization === undefined && originMatchesHost(upgrade.headers) ? sessionCookieOf(upgrade) : undefined;
        let principal: Principal;
        try {
          if (cookie !== undefined) {
            principal = (await services.auth.authenticateSession(cookie)).principal;
            if (principal.mustChangePassword) throw new AppError('password_change_required');
            const entry = { socket: ctx.extra.socket, token: cookie, userId: principal.userId! };
            cookieSockets.add(entry);
            ctx.extra.socket.once('close', () => cookieSockets.delete(entry));
          } else principal = await services.auth.authenticate(typeof authorization === 'string' ? authorization : undefined);
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
          idempotency: null,
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

// Subscriptions over WebSocket: the graphql-ws protocol on /graphql (the same path as POST/GET,
// by HTTP upgrade). connection_init carries { authorization: "Bearer <API key or external JWT>" },
// or, without it, the dashboard's session cookie on the upgrade counts when the upgrade's Origin
// names its Host (an upgrade carrying the cookie from another origin is refused with 403; such
// a socket is closed with 4401 once its session no longer holds, ws-protocol.ts);
// authenticated by the auth service and needing the read scope; a key holds at most
// GRAPHQL_WS_CONNECTIONS_PER_KEY open connections in this process. Only subscription operations
// run here (queries and mutations go through POST /graphql, with their budget and cost), under the
// same validation limits (depth, aliases, directives, tokens) and cost maximum.
// This module only takes the upgrade; the protocol (ws-protocol.ts, with ws and graphql-ws) is
// loaded by the first upgrade to the path, not while the process starts.
import type { FastifyInstance } from 'fastify';
import type { WebSocketServer } from 'ws';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config.ts';
import type { GraphQLServices } from './context.ts';
import { originMatchesHost, sessionCookieOf } from '../http/session-cookie.ts';

/** `schema` gives the schema, built on first use (route.ts). */
export function subscriptionServer(
  app: FastifyInstance,
  path: string,
  schema: () => Promise<GraphQLSchema>,
  deps: { services: GraphQLServices; config: Readonly<Config> },
) {
  let loaded: Promise<WebSocketServer> | null = null;
  let server: WebSocketServer | null = null;
  let closing = false;
  const load = () =>
    (loaded ??= import('./ws-protocol.ts')
      .then(({ protocolServer }) => (server = protocolServer(app, schema, deps)))
      .catch((error: unknown) => {
        loaded = null;
        throw error;
      }));

  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    // Cross-site WebSocket hijacking: a browser sends the cookie whatever page opened the socket.
    if (sessionCookieOf(request) !== undefined && request.headers.origin !== undefined && !originMatchesHost(request.headers)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    // Until ws takes the socket (it adds its own handler), an error on it must not go unhandled.
    const early = () => socket.destroy();
    socket.on('error', early);
    load().then(
      (wss) => {
        socket.off('error', early);
        if (closing || socket.destroyed) return void socket.destroy();
        wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
      },
      (error: unknown) => {
        socket.off('error', early);
        app.log.error({ err: error }, 'GraphQL WebSocket server failed to load');
        socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n\r\n');
      },
    );
  });

  return {
    /** Open connections of this process (all keys). */
    connections: () => server?.clients.size ?? 0,
    async close(): Promise<void> {
      closing = true;
      const wss = loaded ? await loaded.catch(() => null) : null;
      if (wss) {
        for (const client of wss.clients) client.close(1001, 'Server shutting down');
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      }
      // Its subscriptions end with the sockets; this also waits for the feed's LISTEN connection to close.
      await deps.services.live.close();
    },
  };
}

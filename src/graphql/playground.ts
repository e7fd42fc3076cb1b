// GET /graphql from a browser: the hook the offline playground plugs into. The HTTP route calls
// `playground` first for every GET /graphql; when it answers (returns true) nothing else runs,
// so a browser opening /graphql gets the playground and API clients get GraphQL over GET.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether this request is a browser asking for a page (text/html, and no GraphQL query in the URL). */
export function wantsPlayground(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return request.method === 'GET' && !query?.query && !query?.extensions && /\btext\/html\b/.test(request.headers.accept ?? '');
}

/**
 * Serves the playground page (src/http/playground.ts) and returns true, or returns false to let
 * the request through to GraphQL (not a browser's page request, or PLAYGROUND_ENABLED=false).
 */
export async function playground(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  return wantsPlayground(request) && request.server.playgroundPage(request, reply);
}

// GET /api/v1/openapi.json: the machine-readable description of the API, public.
import type { FastifyInstance } from 'fastify';
import type { AccessGuard } from '../../src/http/guard.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { OpenApiDocument } from '../openapi/schemas.ts';
import { preflightHeaders, publicHeaders } from '../public-headers.ts';

export function openApiRoutes(app: FastifyInstance, guard: AccessGuard, document: () => Record<string, unknown>): void {
  const doc: RouteDoc = { summary: 'This OpenAPI 3.1 document', auth: 'public', responses: { 200: { description: 'The document.', schema: OpenApiDocument } } };
  app.get('/openapi.json', { onRequest: guard.publicRoute(), config: { doc } }, async (_request, reply) => {
    reply.headers(publicHeaders(300));
    return document();
  });
  app.options('/openapi.json', async (_request, reply) =>
    reply
      .code(204)
      .headers(preflightHeaders(['GET', 'HEAD']))
      .send(),
  );
}

// GET /api/v1/status: public, cached 15 s, CORS allow-all. 503 when the database is down.
import type { FastifyInstance } from 'fastify';
import type { statusService } from '../../src/domain/status/index.ts';
import { serializeStatus } from '../serializers/status.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { Status } from '../openapi/schemas.ts';
import { preflightHeaders, publicHeaders } from '../public-headers.ts';

export function statusRoutes(app: FastifyInstance, status: ReturnType<typeof statusService>, guard: AccessGuard): void {
  const doc: RouteDoc = {
    summary: 'Service status for monitoring',
    description: 'Public; cached 15 s. 503 with status "down" when the database does not answer.',
    auth: 'public',
    responses: { 200: { description: 'Operational or degraded.', schema: Status }, 503: { description: 'Down.', schema: Status } },
  };
  app.get('/status', { onRequest: guard.publicRoute(), config: { doc } }, async (_request, reply) => {
    const result = await status.getStatus();
    reply.headers(publicHeaders(15)).code(result.status === 'down' ? 503 : 200);
    return serializeStatus(result);
  });
  app.options('/status', async (_request, reply) =>
    reply
      .code(204)
      .headers(preflightHeaders(['GET', 'HEAD']))
      .send(),
  );
}

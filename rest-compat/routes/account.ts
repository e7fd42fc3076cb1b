// GET /api/v1/me and GET /api/v1/credits.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import { serializeCredits, serializeMe } from '../serializers/account.ts';

export function accountRoutes(app: FastifyInstance, services: Services, guard: AccessGuard): void {
  app.get('/me', { preHandler: guard.requires('read') }, async (request) => {
    const principal = request.principal!;
    return serializeMe(principal, await services.accounts.getAccount(principal.accountId));
  });
  app.get('/credits', { preHandler: guard.requires('read') }, async (request) =>
    serializeCredits(await services.credits.getCreditSummary(request.principal!.accountId)),
  );
}

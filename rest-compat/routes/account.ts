// GET /api/v1/me and GET /api/v1/credits.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import type { AccessGuard } from '../../src/http/guard.ts';
import { serializeCredits, serializeMe } from '../serializers/account.ts';
import type { RouteDoc } from '../openapi/document.ts';
import { Credits, Me } from '../openapi/schemas.ts';

export function accountRoutes(app: FastifyInstance, services: Pick<Services, 'accounts' | 'credits'>, guard: AccessGuard): void {
  const me: RouteDoc = { summary: "The calling key's account profile and scopes", auth: 'read', responses: { 200: { description: 'Profile.', schema: Me } } };
  const credits: RouteDoc = {
    summary: 'Credit balance, totals, auto top-up and the 5 latest transactions',
    auth: 'read',
    responses: { 200: { description: 'Credit balance.', schema: Credits } },
  };
  app.get('/me', { onRequest: guard.requires('read'), config: { doc: me } }, async (request) => {
    const principal = request.principal!;
    return serializeMe(principal, await services.accounts.getAccount(principal.accountId));
  });
  app.get('/credits', { onRequest: guard.requires('read'), config: { doc: credits } }, async (request) =>
    serializeCredits(await services.credits.getCreditSummary(request.principal!.accountId)),
  );
}

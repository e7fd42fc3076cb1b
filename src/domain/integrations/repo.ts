// The only Prisma access for integrations.
import type { PrismaClient } from '../../db/client.ts';

export function integrationsRepo(prisma: PrismaClient) {
  return {
    list(accountId: string) {
      return prisma.integration.findMany({
        where: { accountId },
        orderBy: { id: 'asc' },
        select: { id: true, provider: true, shop: true, scopes: true, connectedAt: true, revokedAt: true, lastSyncAt: true },
      });
    },
  };
}

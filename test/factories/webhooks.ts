// Webhook subscriptions written straight to the table, as a row stored earlier would be (before a
// DNS change, say): the dispatcher must judge them again. Registration goes through the service.
import type { PrismaClient } from '../../src/db/client.ts';
import { generateWebhookSecret } from '../../src/domain/webhooks/index.ts';

export async function makeStoredSubscription(prisma: PrismaClient, accountId: string, url: string, events: string[] = ['*']) {
  return prisma.webhookSubscription.create({
    data: { accountId, url, events, secret: generateWebhookSecret() },
    select: { id: true, url: true, secret: true },
  });
}

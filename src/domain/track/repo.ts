// The only Prisma access for custom tracking events.
import type { PrismaClient, Prisma } from '../../db/client.ts';

export interface NewTrackEvent {
  accountId: string;
  apiKeyId: number | null;
  event: string;
  props: Prisma.InputJsonObject;
  visitorId: string | null;
  sessionId: string | null;
  url: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
}

export function trackRepo(prisma: PrismaClient) {
  return {
    /** Stores one event; returns its id. */
    async insert(data: NewTrackEvent): Promise<bigint> {
      const row = await prisma.trackEvent.create({ data, select: { id: true } });
      return row.id;
    },
  };
}

// The outbox: the only Prisma access for domain events. An event is written with the same
// transaction client as the change that causes it, so there is never one without the other.
import type { Prisma, PrismaClient } from '../../db/client.ts';
import { newEventId } from '../shared/index.ts';
import type { DomainEvent, EventName } from './catalog.ts';
import { signalOutboxWork } from './wakeup.ts';

/** A transaction client (inside `prisma.$transaction`) or the client itself for a lone event. */
export type EventWriter = Prisma.TransactionClient | PrismaClient;

export interface StoredEvent {
  id: bigint;
  eventId: string;
  accountId: string;
  name: string;
  data: unknown;
  createdAt: Date;
}

/**
 * Appends events for one account to the outbox through `tx`. Call it inside the transaction that
 * makes the change; it returns the public event ids in order.
 */
export async function appendEvents(tx: EventWriter, accountId: string, events: readonly DomainEvent[], at: Date = new Date()): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => ({ eventId: newEventId(), accountId, name: e.name, data: e.data as Prisma.InputJsonValue, createdAt: at }));
  await tx.outboxEvent.createMany({ data: rows });
  signalOutboxWork();
  return rows.map((r) => r.eventId);
}

export function eventsRepo(prisma: PrismaClient) {
  return {
    /** The newest outbox id (0 when empty): where a live feed starts. */
    async lastId(): Promise<bigint> {
      const row = await prisma.outboxEvent.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
      return row?.id ?? 0n;
    },
    /** Events after `afterId` with one of `names`, oldest first (every account: a live feed routes them). */
    after(afterId: bigint, names: readonly EventName[], take: number): Promise<StoredEvent[]> {
      return prisma.outboxEvent.findMany({
        where: { id: { gt: afterId }, name: { in: [...names] } },
        orderBy: { id: 'asc' },
        take,
        select: { id: true, eventId: true, accountId: true, name: true, data: true, createdAt: true },
      });
    },
    /** An account's events, oldest first (tests, the CLI and the events list). */
    listForAccount(accountId: string, options: { name?: EventName; take?: number } = {}): Promise<StoredEvent[]> {
      return prisma.outboxEvent.findMany({
        where: { accountId, ...(options.name ? { name: options.name } : {}) },
        orderBy: { id: 'asc' },
        take: options.take ?? 1000,
        select: { id: true, eventId: true, accountId: true, name: true, data: true, createdAt: true },
      });
    },
  };
}

// The only Prisma access for AI access (enabled or paused) and the monthly quota notices. A state
// change is a conditional UPDATE (from the expected state only) written with its event in one
// transaction, so concurrent pauses make one change and one event.
import type { Prisma, PrismaClient } from '../../db/client.ts';
import { appendEvents } from '../events/repo.ts';
import type { DomainEvent } from '../events/catalog.ts';

const accessSelect = {
  state: true,
  reason: true,
  changedBy: true,
  changedByKind: true,
  changedAt: true,
  autoPause: true,
  warningThresholdUsd: true,
  criticalThresholdUsd: true,
} as const;

export interface StateChange {
  to: 'enabled' | 'paused';
  reason: string | null;
  by: string;
  byKind: 'admin' | 'system';
  at: Date;
}

async function changeState(tx: Prisma.TransactionClient, accountId: string, change: StateChange, events: DomainEvent[]): Promise<boolean> {
  const from = change.to === 'paused' ? 'enabled' : 'paused';
  const { count } = await tx.aiAccess.updateMany({
    where: { accountId, state: from },
    data: { state: change.to, reason: change.reason, changedBy: change.by, changedByKind: change.byKind, changedAt: change.at, updatedAt: change.at },
  });
  if (count === 1) await appendEvents(tx, accountId, events, change.at);
  return count === 1;
}

export function aiAccessRepo(prisma: PrismaClient) {
  return {
    get(accountId: string) {
      return prisma.aiAccess.findUnique({ where: { accountId }, select: accessSelect });
    },
    /** Moves to `change.to` from the other state; false (and no event) when it was already there. */
    changeState(accountId: string, change: StateChange, events: DomainEvent[]): Promise<boolean> {
      return prisma.$transaction((tx) => changeState(tx, accountId, change, events));
    },
    configure(accountId: string, settings: { autoPause?: boolean; warningThresholdUsd?: number; criticalThresholdUsd?: number }) {
      return prisma.aiAccess.update({
        where: { accountId },
        data: { autoPause: settings.autoPause, warningThresholdUsd: settings.warningThresholdUsd, criticalThresholdUsd: settings.criticalThresholdUsd },
        select: accessSelect,
      });
    },
    /**
     * Records that `severity` was crossed in `month` and appends its events, once: the notice is
     * unique per account, month and severity, so a second run (or a concurrent one) writes
     * nothing. With `pause`, the automatic pause happens in the same transaction (only from
     * enabled). Returns whether the notice is new and whether access was paused.
     */
    notifyOnce(
      accountId: string,
      notice: { month: string; severity: 'warning' | 'critical'; costUsd: number; at: Date },
      events: DomainEvent[],
      pause: { change: StateChange; events: DomainEvent[] } | null,
    ): Promise<{ notified: boolean; paused: boolean }> {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.aiQuotaNotice.createMany({
          data: [{ accountId, month: notice.month, severity: notice.severity, costUsd: notice.costUsd.toFixed(6), createdAt: notice.at }],
          skipDuplicates: true,
        });
        if (count === 0) return { notified: false, paused: false };
        await appendEvents(tx, accountId, events, notice.at);
        const paused = pause ? await changeState(tx, accountId, pause.change, pause.events) : false;
        return { notified: true, paused };
      });
    },
  };
}

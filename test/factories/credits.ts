// Services over a test database for the credits and AI tests, with replaceable ports.
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices, type ServicePorts, type Services } from '../../src/services.ts';
import { eventsRepo } from '../../src/domain/events/index.ts';
import type { EventName } from '../../src/domain/events/index.ts';
import type { TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/app.ts';

/**
 * A burst of 200 concurrent ledger calls queues for the pool's connections; on a loaded machine
 * (the embedded database runs one transaction at a time) that wait can pass the default 5 s.
 */
export async function servicesOn(database: TestDatabase, ports: ServicePorts = {}, poolSize = 10): Promise<{ db: Database; services: Services }> {
  const db = await connectDatabase(database.connectionString, database.kind, { poolSize, connectionTimeoutMs: 60_000 });
  return { db, services: buildServices(testConfig(), db, ports) };
}

/** How many events of each name the account has in the outbox. */
export async function eventCounts(db: Database, accountId: string): Promise<Partial<Record<EventName, number>>> {
  const counts: Partial<Record<EventName, number>> = {};
  for (const e of await eventsRepo(db.prisma).listForAccount(accountId, { take: 100_000 }))
    counts[e.name as EventName] = (counts[e.name as EventName] ?? 0) + 1;
  return counts;
}

/** The ledger rows of an account, oldest first. */
export const ledgerRows = (db: Database, accountId: string) =>
  db.prisma.creditTransaction.findMany({
    where: { accountId },
    orderBy: { id: 'asc' },
    select: { id: true, kind: true, feature: true, amount: true, balanceAfter: true, refundOfId: true, meta: true },
  });

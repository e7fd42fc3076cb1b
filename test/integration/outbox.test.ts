// The outbox: an event is stored with its change or not at all, with a unique id and a time.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { describeEachDatabase } from '../helpers/databases.ts';
import { appendEvents } from '../../src/domain/events/index.ts';
import { domainEvent } from '../../src/domain/events/index.ts';
import { eventsRepo } from '../../src/domain/events/index.ts';
import { createPrisma, type PrismaClient } from '../../src/db/client.ts';
import type { TestDatabase } from '../helpers/databases.ts';
import { makeAccount } from '../factories/index.ts';

describeEachDatabase('outbox', (target) => {
  let database: TestDatabase;
  let db: { prisma: PrismaClient };
  let accountId: string;
  beforeAll(async () => {
    database = await target.create();
    db = { prisma: createPrisma(database.connectionString, { poolSize: 2 }) };
    accountId = (await makeAccount(db.prisma)).id;
  });
  afterAll(async () => {
    await db?.prisma.$disconnect();
    await database?.close();
  });

  test('events commit with their transaction and carry a unique id and time', async () => {
    const at = new Date('2026-11-21T10:00:00.000Z');
    const ids = await db.prisma.$transaction((tx) =>
      appendEvents(
        tx,
        accountId,
        [
          domainEvent('integration.connected', { provider: 'shopify', shop: 'a.myshopify.com' }),
          domainEvent('integration.connected', { provider: 'shopify', shop: 'b.myshopify.com' }),
        ],
        at,
      ),
    );
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^evt_[0-9a-z]{24}$/);
    const stored = await eventsRepo(db.prisma).listForAccount(accountId, { name: 'integration.connected' });
    expect(stored.map((e) => e.eventId)).toEqual(ids);
    expect(stored[0]!.createdAt.toISOString()).toBe(at.toISOString());
    expect(stored[1]!.data).toEqual({ provider: 'shopify', shop: 'b.myshopify.com' });
  });

  test('a rolled-back change leaves no event behind', async () => {
    const before = (await eventsRepo(db.prisma).listForAccount(accountId)).length;
    await expect(
      db.prisma.$transaction(async (tx) => {
        await appendEvents(tx, accountId, [domainEvent('integration.revoked', { provider: 'shopify', store_id: 1, reason: 'manual' })]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await eventsRepo(db.prisma).listForAccount(accountId)).length).toBe(before);
  });
});

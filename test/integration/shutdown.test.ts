// Graceful shutdown: closing the app lets a request in flight finish, refuses new ones, and then
// the database handle closes.
import { databaseTargets } from '../helpers/databases.ts';
import { testConfig } from '../helpers/app.ts';
import { connectDatabase } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { buildApp } from '../../src/main.ts';

test('a request in flight completes while the server closes', async () => {
  const database = await databaseTargets()[0]!.create();
  const config = testConfig();
  const db = await connectDatabase(database.connectionString, database.kind);
  const app = await buildApp({ config, db, services: buildServices(config, db), logger: false });
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  // The handler finishes only once the server has begun closing (a gate, not a sleep).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/test-slow', async () => {
    entered();
    await released;
    return { done: true, accounts: await db.prisma.account.count() };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  try {
    const slow = fetch(`http://127.0.0.1:${port}/test-slow`);
    await inside;
    const closing = app.close();
    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true, accounts: 0 });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  } finally {
    await db.close();
    await database.close();
  }
});

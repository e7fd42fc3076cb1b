// POST /api/v1/track under concurrency: inserts are grouped into multi-row statements, and every
// caller must still get the id of its own row.
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';

describeEachDatabase('track group commit', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000' });
    const account = await makeAccount(app.db.prisma);
    key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['write'] })).key;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('200 concurrent events: distinct ids, each pointing at its own row', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await fetch(`${app.url}/api/v1/track`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ event: `load.e${i}`, props: { i } }),
        });
        expect(res.status).toBe(200);
        return { i, id: (await readJson(res)).event_id as number };
      }),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(200);
    const rows = await app.db.prisma.trackEvent.findMany({
      where: { id: { in: answers.map((a) => BigInt(a.id)) } },
      select: { id: true, event: true, props: true },
    });
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const { i, id } of answers) {
      expect(byId.get(id)?.event).toBe(`load.e${i}`);
      expect(byId.get(id)?.props).toEqual({ i });
    }
  });
});

// The GraphQL over HTTP specification: graphql-http's server audits against the running server.
// Every MUST passes (one test each), and so does every SHOULD and MAY. The audit's requests carry an API key and Apollo's CSRF-prevention header
// (a GET without one is refused by design, see docs/graphql.md).
import { serverAudits } from 'graphql-http';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';

describeEachDatabase('GraphQL over HTTP audit', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '10000' });
    const account = await makeAccount(app.db.prisma);
    key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const fetchWithKey = (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${key}`);
    headers.set('apollo-require-preflight', 'true');
    return fetch(input, { ...init, headers });
  };

  for (const audit of serverAudits({ url: () => `${app.url}/graphql`, fetchFn: fetchWithKey }).filter((a) => a.name.startsWith('MUST'))) {
    it(audit.name, async () => {
      const result = await audit.fn();
      expect({ audit: audit.name, status: result.status, reason: result.status === 'ok' ? '' : result.reason }).toEqual({
        audit: audit.name,
        status: 'ok',
        reason: '',
      });
    });
  }

  it('passes every SHOULD and MAY audit too', async () => {
    const optional = serverAudits({ url: () => `${app.url}/graphql`, fetchFn: fetchWithKey }).filter((a) => !a.name.startsWith('MUST'));
    const results = await Promise.all(optional.map(async (a) => ({ ...(await a.fn()), name: a.name })));
    const failed = results.filter((r) => r.status !== 'ok').map((r) => r.name);
    expect(failed).toEqual([]);
  });
});

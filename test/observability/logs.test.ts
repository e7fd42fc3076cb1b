// Request logs: one "request completed" line per request carrying the request id, and the account
// id once the caller is known (REST and GraphQL); health probes and /metrics at debug level.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/app.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { buildServices } from '../../src/services.ts';
import { buildApp } from '../../src/main.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';
import type { FastifyInstance } from 'fastify';

const lines: Array<Record<string, unknown>> = [];
let database: TestDatabase;
let db: Database;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  database = await databaseTargets()[0]!.create();
  const config = testConfig();
  db = await connectDatabase(database.connectionString, database.kind, { poolSize: 3 });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp({ config, db, services: buildServices(config, db), loggerInstance: pino({ level: 'debug' }, sink) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await database?.close();
});

const completed = (requestId: string) => lines.filter((l) => l.reqId === requestId && l.msg === 'request completed');

test('probes and /metrics log at debug; API requests at info with the request and account ids', async () => {
  const account = await makeAccount(db.prisma);
  const key = await makeKey(db.prisma, account.id);
  for (const path of ['/healthz', '/readyz', '/metrics']) {
    await (await fetch(`${url}${path}`, { headers: { 'x-request-id': `probe${path.slice(1)}` } })).text();
    expect(completed(`probe${path.slice(1)}`).map((l) => l.level)).toEqual([20]);
  }
  await (await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${key}`, 'x-request-id': 'rest-1' } })).text();
  expect(completed('rest-1')).toEqual([expect.objectContaining({ level: 30, accountId: account.id, route: '/api/v1/me', status: 200 })]);
  await (
    await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-request-id': 'gql-1' },
      body: JSON.stringify({ query: '{ viewer { account { id } } }' }),
    })
  ).text();
  expect(completed('gql-1')).toEqual([expect.objectContaining({ level: 30, accountId: account.id, route: '/graphql' })]);
  // Before authentication there is no account to name; the request id is still there.
  await (await fetch(`${url}/api/v1/me`, { headers: { 'x-request-id': 'anon-1' } })).text();
  expect(completed('anon-1')).toEqual([expect.objectContaining({ level: 30, status: 401 })]);
  expect(completed('anon-1')[0]).not.toHaveProperty('accountId');
});

test("the log line names the path, never the query: an OAuth callback's code, state and hmac stay out of the logs", async () => {
  const query = 'code=secret-code-1234&state=secret-state-5678&hmac=abcdef0123456789&shop=a.myshopify.com';
  await (await fetch(`${url}/integrations/shopify/callback?${query}`, { headers: { 'x-request-id': 'oauth-1' } })).text();
  await (await fetch(`${url}/api/v1/me?token=secret-in-query-42`, { headers: { 'x-request-id': 'query-1' } })).text();
  expect(completed('oauth-1')).toEqual([expect.objectContaining({ path: '/integrations/shopify/callback' })]);
  expect(completed('query-1')).toEqual([expect.objectContaining({ path: '/api/v1/me', status: 401 })]);
  const all = JSON.stringify(lines);
  for (const secret of ['secret-code-1234', 'secret-state-5678', 'abcdef0123456789', 'secret-in-query-42']) expect(all).not.toContain(secret);
});

// Subscriptions over WebSocket with the graphql-ws client through a real server: an account's
// subscriber receives its credit changes, anomalies of the asked severity and new insights as the
// outbox records them, never another account's; a wrong key, a key without read and one
// connection over the per-key limit are refused at connection_init; queries do not run here.
// With the safety poll an hour long, events still arrive: woken by the writer's in-process signal
// (also when it comes before the commit), and on PostgreSQL by the NOTIFY of another connection.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { databaseTargets, type DatabaseTarget, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { appendEvents, domainEvent } from '../../src/domain/events/index.ts';

type Closed = { code: number; reason: string };

describe('GraphQL subscriptions over WebSocket', () => {
  let database: TestDatabase;
  let app: TestApp;
  let accountA: string;
  let accountB: string;
  const clients: Client[] = [];

  /** A client that connects at once; resolves when acknowledged, or with the close code and reason. */
  function connect(authorization: string | undefined): Promise<{ client: Client; closed: Closed | null }> {
    return new Promise((resolve) => {
      const client: Client = createClient({
        url: `${app.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        lazy: false,
        retryAttempts: 0,
        connectionParams: authorization ? { authorization } : {},
        on: {
          connected: () => resolve({ client, closed: null }),
          closed: (event) => resolve({ client, closed: { code: (event as Closed).code, reason: (event as Closed).reason } }),
        },
        onNonLazyError: () => {},
      });
      clients.push(client);
    });
  }
  const key = async (accountId: string, scopes: Array<'read' | 'write'> = ['read']) =>
    `Bearer ${(await keysService(app.db.prisma).createKey({ accountId, scopes })).key}`;
  /** Waits until the server has `n` live subscriptions (the feed's cursor is then set). */
  async function subscribed(n: number): Promise<void> {
    while (app.services.live.size() < n) await new Promise((r) => setTimeout(r, 20));
  }
  const anomaly = (severity: 'low' | 'medium' | 'high' | 'critical', metric: string) =>
    domainEvent('anomaly.detected', { metric, observed: 10, expected: 20, z_score: -4.5, direction: 'down', severity, source: 'univariate' });

  beforeAll(async () => {
    database = await databaseTargets()[0]!.create();
    app = await startTestApp(database, { GRAPHQL_WS_CONNECTIONS_PER_KEY: '2', LIVE_POLL_MS: '100' });
    accountA = (await makeAccount(app.db.prisma)).id;
    accountB = (await makeAccount(app.db.prisma)).id;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await app.close();
    await database.close();
  });

  it("delivers the account's own credit changes, anomalies of the asked severity and new insights", async () => {
    const { client, closed } = await connect(await key(accountA));
    expect(closed).toBeNull();
    const credits = client.iterate({ query: 'subscription { creditsChanged { reason delta balance feature eventId occurredAt } }' });
    const anomalies = client.iterate({
      query: 'subscription { anomalyDetected(minSeverity: high) { metric metricName severity zScore direction kind observed expected } }',
    });
    const insights = client.iterate({ query: 'subscription { insightCreated { insightId severity category title } }' });
    // Each iterator subscribes on its first next().
    const nextCredit = credits.next();
    const nextAnomaly = anomalies.next();
    const nextInsight = insights.next();
    await subscribed(3);

    // Account B's changes come first: A's subscriber must never see them.
    await app.services.credits.purchase(accountB, 500);
    await appendEvents(app.db.prisma, accountB, [anomaly('critical', 'revenue')]);
    // A's: a purchase through the credits service, a medium anomaly (below the asked severity) then a critical one, an insight.
    await app.services.credits.purchase(accountA, 100);
    await appendEvents(app.db.prisma, accountA, [anomaly('medium', 'orders'), anomaly('critical', 'roas')]);
    await appendEvents(app.db.prisma, accountA, [
      domainEvent('insight.created', { insight_id: 42, severity: 'high', category: 'marketing', title: 'ROAS fell' }),
    ]);

    const credit = (await nextCredit).value!;
    expect(credit.errors).toBeUndefined();
    expect(credit.data).toEqual({
      creditsChanged: { reason: 'recharged', delta: 100, balance: 100, feature: null, eventId: expect.any(String), occurredAt: expect.any(String) },
    });
    expect((await nextAnomaly).value!.data).toEqual({
      anomalyDetected: {
        metric: 'roas',
        metricName: 'Return on ad spend',
        severity: 'critical',
        zScore: -4.5,
        direction: 'down',
        kind: 'univariate',
        observed: 10,
        expected: 20,
      },
    });
    expect((await nextInsight).value!.data).toEqual({ insightCreated: { insightId: '42', severity: 'high', category: 'marketing', title: 'ROAS fell' } });

    // Ending the subscriptions removes them from the feed.
    await Promise.all([credits.return!(), anomalies.return!(), insights.return!()]);
    await client.dispose();
    while (app.services.live.size() > 0) await new Promise((r) => setTimeout(r, 20));
  });

  it('refuses a wrong key, a key without read, and connections over the per-key limit', async () => {
    expect((await connect('Bearer svc_test_wrong')).closed).toEqual({ code: 4403, reason: 'key_not_found' });
    expect((await connect(undefined)).closed).toEqual({ code: 4403, reason: 'missing_authorization' });
    expect((await connect(await key(accountA, ['write']))).closed).toEqual({ code: 4403, reason: 'scope_required:read' });

    const limited = await key(accountA);
    const one = await connect(limited);
    const two = await connect(limited);
    expect([one.closed, two.closed]).toEqual([null, null]);
    expect((await connect(limited)).closed).toEqual({ code: 4403, reason: 'too_many_connections' });
    // Closing one frees a slot.
    await one.client.dispose();
    let again = await connect(limited);
    while (again.closed) again = await connect(limited);
    expect(again.closed).toBeNull();
  });

  it('runs subscriptions only: a query over the socket is refused with an error', async () => {
    const { client } = await connect(await key(accountA));
    await expect(client.iterate({ query: '{ viewer { scopes } }' }).next()).rejects.toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^Only subscriptions run over WebSocket/) }),
    ]);
  });
});

/** A graphql-ws client acknowledged by the server (or failing the test). */
function connected(app: TestApp, authorization: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = createClient({
      url: `${app.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: 0,
      connectionParams: { authorization },
      on: { connected: () => resolve(client), closed: (event) => reject(new Error(`closed: ${(event as Closed).reason}`)) },
      onNonLazyError: () => {},
    });
  });
}

const INSIGHTS = 'subscription { insightCreated { insightId title } }';
const insight = (id: number, title: string) => domainEvent('insight.created', { insight_id: id, severity: 'high', category: 'marketing', title });

describe.each(databaseTargets().map((t): [string, DatabaseTarget] => [t.name, t]))('GraphQL subscriptions woken, not polled (%s)', (_name, target) => {
  let database: TestDatabase;
  let app: TestApp;
  let accountId: string;
  let client: Client;

  beforeAll(async () => {
    database = await target.create();
    // An hour: an event that arrives did not wait for the poll.
    app = await startTestApp(database, { LIVE_POLL_MS: '3600000' });
    accountId = (await makeAccount(app.db.prisma)).id;
    const key = (await keysService(app.db.prisma).createKey({ accountId, scopes: ['read'] })).key;
    client = await connected(app, `Bearer ${key}`);
  });
  afterAll(async () => {
    await client?.dispose();
    await app?.close();
    await database?.close();
  });

  /** Subscribes, and resolves the first event once the server holds the subscription. */
  async function firstInsight() {
    const iterator = client.iterate({ query: INSIGHTS });
    const first = iterator.next();
    while (app.services.live.size() < 1) await new Promise((r) => setTimeout(r, 20));
    return {
      event: async () => (await first).value!.data,
      end: async () => {
        await iterator.return!();
        while (app.services.live.size() > 0) await new Promise((r) => setTimeout(r, 20));
      },
    };
  }

  it('delivers a write of this process, signalled before its transaction commits', async () => {
    const sub = await firstInsight();
    await app.db.prisma.$transaction(async (tx) => {
      await appendEvents(tx, accountId, [insight(1, 'signalled early')]);
      // Still uncommitted: the look the signal starts finds nothing; a follow-up finds it.
      await tx.account.findUniqueOrThrow({ where: { id: accountId } });
    });
    expect(await sub.event()).toEqual({ insightCreated: { insightId: '1', title: 'signalled early' } });
    await sub.end();
  });

  (target.name === 'postgres' ? it : it.skip)('delivers a write of another connection through NOTIFY (no signal in this process)', async () => {
    const sub = await firstInsight();
    const other = new pg.Client({ connectionString: database.connectionString });
    await other.connect();
    try {
      await other.query(`INSERT INTO outbox_events (event_id, account_id, name, data) VALUES ($1, $2, 'insight.created', $3)`, [
        `evt_${randomUUID().replace(/-/g, '')}`,
        accountId,
        JSON.stringify({ insight_id: 2, severity: 'high', category: 'marketing', title: 'from elsewhere' }),
      ]);
    } finally {
      await other.end();
    }
    expect(await sub.event()).toEqual({ insightCreated: { insightId: '2', title: 'from elsewhere' } });
    await sub.end();
  });
});

// Fault test (issue 14, item 10): PostgreSQL stops and restarts under load. The test starts its
// own cluster (own data directory and port; never the shared server), serves the app on it, and
// sends a bounded load of reads and POST /track writes through both doors while it stops the
// cluster (fast mode, then immediate mode) and starts it again. Every answer is counted by
// status: no 500 at all, every 503 is no_db with a Retry-After, and every acknowledged write is in
// the table afterwards. Two of the writers retry with an Idempotency-Key (item 13): none of their
// writes is stored twice. The figures are printed for the closing note.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { applyMigrations } from '../../src/db/migrator.ts';
import { migrationTarget } from '../../src/db/database.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createPgCluster, findPgBinaries, type PgCluster } from '../helpers/pg-cluster.ts';
import { makeAccount } from '../factories/index.ts';
import { makeKey } from '../factories/keys.ts';

const binaries = findPgBinaries();
const MAX_REQUESTS_PER_WORKER = 3_000;

type Kind = 'rest-read' | 'rest-write' | 'gql-read' | 'gql-write';

interface Tally {
  requests: number;
  byStatus: Record<string, number>;
  network: number;
  badUnavailable: string[];
  acknowledged: Set<string>;
  /** Markers of writes sent with an Idempotency-Key and retried until acknowledged. */
  retriedMarkers: Set<string>;
}

if (typeof binaries === 'string') {
  test.skip(`PostgreSQL fault test skipped: ${binaries}`, () => {});
} else {
  let cluster: PgCluster;
  let app: TestApp;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    cluster = await createPgCluster(binaries);
    await cluster.start();
    await applyMigrations(migrationTarget(cluster.url, 'server'));
    app = await startTestApp({ kind: 'server', connectionString: cluster.url, close: async () => {} }, { RATE_LIMIT_PER_MINUTE: '1000000' });
    accountId = (await makeAccount(app.db.prisma)).id;
    key = await makeKey(app.db.prisma, accountId, ['read', 'write']);
  });
  afterAll(async () => {
    await app?.close();
    await cluster?.destroy();
  });

  async function request(kind: Kind, marker: string, idempotencyKey: string | null): Promise<Response> {
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
    switch (kind) {
      case 'rest-read':
        return fetch(`${app.url}/api/v1/customers?limit=5`, { headers });
      case 'rest-write':
        return fetch(`${app.url}/api/v1/track`, { method: 'POST', headers, body: JSON.stringify({ event: 'fault.rest', props: { n: marker } }) });
      case 'gql-read':
        return fetch(`${app.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: '{ customers(first: 5) { nodes { id } } }' }) });
      case 'gql-write':
        return fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            query: 'mutation($input: TrackEventInput!) { trackEvent(input: $input) { eventId } }',
            variables: { input: { event: 'fault.gql', props: { n: marker } } },
          }),
        });
    }
  }

  /** One answer counted; returns whether it acknowledged the write (or answered the read). */
  async function count(kind: Kind, res: Response, marker: string, tally: Tally): Promise<'ok' | 'unavailable' | 'busy' | 'other'> {
    tally.requests++;
    const text = await res.text();
    tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
    if (res.status === 503) {
      const body = JSON.parse(text) as { error?: string; errors?: Array<{ extensions?: { code?: string } }> };
      const code = body.error ?? body.errors?.[0]?.extensions?.code;
      if (code !== 'no_db' || !/^[1-9][0-9]*$/.test(res.headers.get('retry-after') ?? '')) tally.badUnavailable.push(`${kind}: ${text}`);
      return 'unavailable';
    }
    if (res.status === 409) return 'busy';
    if (res.status !== 200) return 'other';
    if (kind.endsWith('write')) {
      const body = JSON.parse(text) as { event_id?: unknown; data?: { trackEvent?: { eventId?: unknown } } };
      if (body.event_id ?? body.data?.trackEvent?.eventId) tally.acknowledged.add(marker);
    }
    return 'ok';
  }

  /**
   * A bounded loop of requests of one kind. A retrying writer sends every write with an
   * Idempotency-Key and retries it with the same key and body after a 503 or 409 (at most 200
   * times), as a careful client does; the others send each request once.
   */
  async function worker(kind: Kind, index: number, retrying: boolean, tally: Tally, stop: { now: boolean }): Promise<void> {
    for (let i = 0; i < MAX_REQUESTS_PER_WORKER && !stop.now; i++) {
      const marker = `${index}-${kind}-${i}`;
      const idempotencyKey = retrying ? randomUUID() : null;
      if (retrying) tally.retriedMarkers.add(marker);
      for (let attempt = 0; attempt < (retrying ? 200 : 1); attempt++) {
        let outcome: Awaited<ReturnType<typeof count>>;
        try {
          outcome = await count(kind, await request(kind, marker, idempotencyKey), marker, tally);
        } catch {
          tally.network++;
          outcome = 'other';
        }
        if (outcome === 'ok' || outcome === 'other') break;
        await sleep(outcome === 'busy' ? 100 : 25);
      }
    }
  }

  async function until(tally: Tally, more: number): Promise<void> {
    const target = tally.requests + more;
    while (tally.requests < target) await sleep(25);
  }

  test('stops and restarts under load: no 500, every 503 is no_db with Retry-After, every acknowledged write stored', async () => {
    const tally: Tally = { requests: 0, byStatus: {}, network: 0, badUnavailable: [], acknowledged: new Set(), retriedMarkers: new Set() };
    const stop = { now: false };
    const kinds: Kind[] = ['rest-read', 'rest-write', 'gql-read', 'gql-write', 'rest-write', 'gql-write'];
    // The second writer of each door retries its writes with an Idempotency-Key.
    const workers = kinds.map((kind, index) => worker(kind, index, index >= 4, tally, stop));
    try {
      await until(tally, 150);
      for (const mode of ['fast', 'immediate'] as const) {
        await cluster.stop(mode);
        await sleep(1_500);
        await cluster.start();
        await until(tally, 300);
      }
    } finally {
      stop.now = true;
      await Promise.all(workers);
    }

    const rows = await app.db.prisma.$queryRaw<Array<{ n: string }>>`SELECT props->>'n' AS n FROM track_events WHERE account_id = ${accountId}`;
    const stored = new Set(rows.map((r) => r.n));
    const missing = [...tally.acknowledged].filter((marker) => !stored.has(marker));
    const copies = new Map<string, number>();
    for (const { n } of rows) copies.set(n, (copies.get(n) ?? 0) + 1);
    const duplicated = [...tally.retriedMarkers].filter((marker) => (copies.get(marker) ?? 0) > 1);
    const retriedAcknowledged = [...tally.retriedMarkers].filter((marker) => tally.acknowledged.has(marker)).length;
    const figures = {
      requests: tally.requests,
      byStatus: tally.byStatus,
      network: tally.network,
      acknowledgedWrites: tally.acknowledged.size,
      rows: rows.length,
      missing: missing.length,
      idempotentWrites: tally.retriedMarkers.size,
      idempotentAcknowledged: retriedAcknowledged,
      idempotentDuplicated: duplicated.length,
    };
    console.log(`pg-outage figures: ${JSON.stringify(figures)}`);

    expect(tally.byStatus['500'] ?? 0).toBe(0);
    // 409 only for a retry that found its key's first request still running.
    expect(Object.keys(tally.byStatus).filter((s) => s !== '200' && s !== '503' && s !== '409')).toEqual([]);
    expect(tally.byStatus['503'] ?? 0).toBeGreaterThan(0);
    expect(tally.badUnavailable).toEqual([]);
    expect(tally.network).toBe(0);
    expect(missing).toEqual([]);
    // Retries with an Idempotency-Key stored each write once.
    expect(duplicated).toEqual([]);
    expect(tally.acknowledged.size).toBeGreaterThan(0);
  }, 300_000);
}

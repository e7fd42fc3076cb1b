// Idempotency-Key on POST, both doors, both databases (issue 14, item 13): the same key and body
// within 24 hours replays the first answer without running again; another body is 422
// idempotency_key_reused; concurrent requests with one key run once (the others replay or get 409
// idempotency_key_in_progress); keys belong to one API key of one account; bad keys are 400
// invalid_parameter; 5xx answers are not kept; expired keys may be used again; a write that
// committed before its answer was lost (503) is reused by the retry, not made again.
import { randomUUID } from 'node:crypto';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { webhooksService } from '../../src/domain/webhooks/index.ts';
import { trackService } from '../../src/domain/track/index.ts';
import { idempotencyRequestHash } from '../../src/domain/idempotency/index.ts';
import { makeKey } from '../factories/keys.ts';

describeEachDatabase('Idempotency-Key', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let accountId: string;
  let key: string;

  beforeAll(async () => {
    database = await target.create();
    // Webhook URLs resolve to one public address (no DNS in tests).
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000' }, undefined, (db) => ({
      webhooks: webhooksService(db.prisma, { resolver: async () => ['93.184.215.14'] }),
    }));
    accountId = (await makeAccount(app.db.prisma)).id;
    key = await makeKey(app.db.prisma, accountId, ['read', 'write']);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const rows = (event: string) => app.db.prisma.trackEvent.count({ where: { event } });

  function track(body: unknown, idempotencyKey: string | null, apiKey = key) {
    return fetch(`${app.url}/api/v1/track`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
      },
      body: JSON.stringify(body),
    });
  }

  function trackMutation(event: string, props: Record<string, unknown>, idempotencyKey: string) {
    return fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ query: 'mutation($input: TrackEventInput!) { trackEvent(input: $input) { eventId } }', variables: { input: { event, props } } }),
    });
  }

  test('REST: the same key and body replays the first answer without running again', async () => {
    const k = randomUUID();
    const first = await track({ event: 'idem.rest', props: { n: 1 } }, k);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.text();
    const again = await track({ event: 'idem.rest', props: { n: 1 } }, k);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(await again.text()).toBe(firstBody);
    expect(await rows('idem.rest')).toBe(1);
    // Without a key, every POST runs.
    expect((await track({ event: 'idem.rest', props: { n: 1 } }, null)).status).toBe(200);
    expect(await rows('idem.rest')).toBe(2);
  });

  test('REST: the same key with another body is 422 idempotency_key_reused and stores nothing', async () => {
    const k = randomUUID();
    expect((await track({ event: 'idem.reuse', props: { n: 1 } }, k)).status).toBe(200);
    const other = await track({ event: 'idem.reuse', props: { n: 2 } }, k);
    expect(other.status).toBe(422);
    expect(await readJson(other)).toEqual({ error: 'idempotency_key_reused', message: expect.any(String) });
    expect(await rows('idem.reuse')).toBe(1);
  });

  test('a 4xx answer is kept and replayed too', async () => {
    const k = randomUUID();
    const first = await track({ event: 'bad name!' }, k);
    expect(first.status).toBe(400);
    const again = await track({ event: 'bad name!' }, k);
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await readJson(again)).toMatchObject({ error: 'invalid_event_name' });
  });

  test('concurrent requests with one key run once', async () => {
    const k = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => track({ event: 'idem.race', props: { n: 1 } }, k)));
    const ok = answers.filter((r) => r.status === 200);
    const busy = answers.filter((r) => r.status === 409);
    expect(ok.length + busy.length).toBe(8);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(await Promise.all(ok.map(async (r) => (await readJson(r)).event_id))).size).toBe(1);
    for (const r of busy) {
      expect(r.headers.get('retry-after')).toBe('1');
      expect(await readJson(r)).toMatchObject({ error: 'idempotency_key_in_progress' });
    }
    expect(await rows('idem.race')).toBe(1);
  });

  test('keys belong to one API key: another key (same account) or another account runs its own request', async () => {
    const k = randomUUID();
    const otherKey = await makeKey(app.db.prisma, accountId, ['write']);
    const otherAccountKey = await makeKey(app.db.prisma, (await makeAccount(app.db.prisma)).id, ['write']);
    const ids = [];
    for (const apiKey of [key, otherKey, otherAccountKey]) {
      const res = await track({ event: 'idem.scope' }, k, apiKey);
      expect(res.status).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
      ids.push((await readJson(res)).event_id);
    }
    expect(new Set(ids).size).toBe(3);
    expect(await rows('idem.scope')).toBe(3);
  });

  test.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé-1'],
  ])('a bad key (%s) is 400 invalid_parameter and runs nothing', async (_name, bad) => {
    const res = await track({ event: 'idem.badkey' }, bad);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toEqual({ error: 'invalid_parameter', param: 'Idempotency-Key', message: expect.any(String) });
    expect(await rows('idem.badkey')).toBe(0);
  });

  test('a 255-character key is accepted', async () => {
    expect((await track({ event: 'idem.longkey' }, 'k'.repeat(255))).status).toBe(200);
  });

  test('GraphQL mutations over POST: replay, and 422 for another body', async () => {
    const k = randomUUID();
    const first = await trackMutation('idem.gql', { n: 1 }, k);
    expect(first.status).toBe(200);
    const body = await readJson(first);
    expect(body.data.trackEvent.eventId).toEqual(expect.any(String));
    const again = await trackMutation('idem.gql', { n: 1 }, k);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await readJson(again)).data.trackEvent.eventId).toBe(body.data.trackEvent.eventId);
    expect(await rows('idem.gql')).toBe(1);

    const other = await trackMutation('idem.gql', { n: 2 }, k);
    expect(other.status).toBe(422);
    expect((await readJson(other)).errors[0].extensions.code).toBe('idempotency_key_reused');
    const bad = await trackMutation('idem.gql', { n: 3 }, '');
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).errors[0].extensions).toMatchObject({ code: 'invalid_parameter', param: 'Idempotency-Key' });
    expect(await rows('idem.gql')).toBe(1);
  });

  test('after 24 hours a key may be used again', async () => {
    const k = randomUUID();
    expect((await track({ event: 'idem.expiry', props: { n: 1 } }, k)).status).toBe(200);
    await app.db.prisma.$executeRaw`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ${k}`;
    const later = await track({ event: 'idem.expiry', props: { n: 2 } }, k);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await rows('idem.expiry')).toBe(2);
  });

  test('a 5xx answer is not kept: the key is released for a retry', async () => {
    const caller = { accountId, keyId: null };
    const k = randomUUID();
    const started = await app.services.idempotency.start(caller, k, 'a'.repeat(64));
    if (started.kind !== 'run') throw new Error('expected to run');
    await app.services.idempotency.finish(started.ticket, { status: 503, headers: {}, body: '{"error":"no_db"}' });
    expect((await app.services.idempotency.start(caller, k, 'a'.repeat(64))).kind).toBe('run');
  });

  describe('a write that committed before its answer was lost', () => {
    // The first try runs for real through the domain: its Idempotency-Key is claimed, the event is
    // stored under it, and then its answer is the 503 of an outage met after the commit (the
    // request ends as when the database goes away before acknowledging). The retry goes over HTTP.
    let caller: { accountId: string; keyId: number };
    let apiKey: string;
    beforeAll(async () => {
      const created = await keysService(app.db.prisma).createKey({ accountId, scopes: ['read', 'write'] });
      caller = { accountId, keyId: created.id };
      apiKey = created.key;
    });

    // The track service of a first try whose geolocation fails (after its event took its slot).
    const failingTrack = () =>
      trackService(app.db.prisma, {
        geo: {
          locate: async () => {
            throw new Error('geolocation unavailable');
          },
          open: async () => {},
        },
      });

    /** Runs the first try's events (null: a write that fails) and loses its answer; the stored ids. */
    async function firstTryLost(k: string, path: string, body: unknown, events: Array<string | null>): Promise<number[]> {
      const started = await app.services.idempotency.start(caller, k, idempotencyRequestHash('POST', path, body));
      if (started.kind !== 'run') throw new Error('expected to run');
      const ids: number[] = [];
      for (const event of events) {
        const ledger = { ...caller, idempotency: started.ticket.effects };
        if (event === null) await expect(failingTrack().trackEvent(ledger, { event: 'idem.lost.failed' }, '127.0.0.1')).rejects.toThrow('geolocation');
        else ids.push((await app.services.track.trackEvent(ledger, { event, props: { n: 1 } }, '127.0.0.1')).eventId);
      }
      await app.services.idempotency.finish(started.ticket, { status: 503, headers: {}, body: '{"error":"no_db"}' });
      return ids;
    }

    test('REST: the retry answers with the stored event and stores no other', async () => {
      const k = randomUUID();
      const body = { event: 'idem.lost.rest', props: { n: 1 } };
      const [stored] = await firstTryLost(k, '/api/v1/track', body, ['idem.lost.rest']);
      expect(await rows('idem.lost.rest')).toBe(1);
      const retry = await track(body, k, apiKey);
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect((await readJson(retry)).event_id).toBe(stored);
      expect(await rows('idem.lost.rest')).toBe(1);
      // Its answer is kept now: the next retry replays it.
      const again = await track(body, k, apiKey);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await readJson(again)).event_id).toBe(stored);
      expect(await rows('idem.lost.rest')).toBe(1);
    });

    /** Sends the two-event mutation again with its key; the answer (200, no errors). */
    async function twoEventsRetried(k: string, body: unknown) {
      const retry = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': k },
        body: JSON.stringify(body),
      });
      expect(retry.status).toBe(200);
      const answer = await readJson(retry);
      expect(answer.errors).toBeUndefined();
      return answer;
    }

    test('GraphQL: the events stored before the loss are reused in order, the rest stored once', async () => {
      const k = randomUUID();
      const body = {
        query: 'mutation($a: TrackEventInput!, $b: TrackEventInput!) { a: trackEvent(input: $a) { eventId } b: trackEvent(input: $b) { eventId } }',
        variables: { a: { event: 'idem.lost.gql.a', props: { n: 1 } }, b: { event: 'idem.lost.gql.b', props: { n: 1 } } },
      };
      // The first try stored the first event only, then met the outage.
      const [storedA] = await firstTryLost(k, '/graphql', body, ['idem.lost.gql.a']);
      const answer = await twoEventsRetried(k, body);
      expect(answer.data.a.eventId).toBe(String(storedA));
      expect(Number(answer.data.b.eventId)).toBeGreaterThan(storedA!);
      expect(await rows('idem.lost.gql.a')).toBe(1);
      expect(await rows('idem.lost.gql.b')).toBe(1);
    });

    test('GraphQL: a write that failed in the first try is made by the retry, the one stored after it reused', async () => {
      const k = randomUUID();
      const body = {
        query: 'mutation($a: TrackEventInput!, $b: TrackEventInput!) { a: trackEvent(input: $a) { eventId } b: trackEvent(input: $b) { eventId } }',
        variables: { a: { event: 'idem.gap.a', props: { n: 1 } }, b: { event: 'idem.gap.b', props: { n: 1 } } },
      };
      // The first try's `a` failed (its slot taken, nothing stored), then `b` was stored.
      const [storedB] = await firstTryLost(k, '/graphql', body, [null, 'idem.gap.b']);
      const answer = await twoEventsRetried(k, body);
      expect(answer.data.b.eventId).toBe(String(storedB));
      expect(answer.data.a.eventId).not.toBe(String(storedB));
      expect(await rows('idem.gap.a')).toBe(1);
      expect(await rows('idem.gap.b')).toBe(1);
      expect(await rows('idem.lost.failed')).toBe(0);
    });

    test('a webhook subscription: the retry answers with it and its secret, and creates no other', async () => {
      const k = randomUUID();
      const body = { url: 'https://hooks.example.com/lost', events: ['alert.fired'] };
      const started = await app.services.idempotency.start(caller, k, idempotencyRequestHash('POST', '/api/v1/webhooks', body));
      if (started.kind !== 'run') throw new Error('expected to run');
      const created = await app.services.webhooks.createWebhook(accountId, body, started.ticket.effects);
      await app.services.idempotency.finish(started.ticket, { status: 503, headers: {}, body: '{"error":"no_db"}' });
      const retry = await fetch(`${app.url}/api/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': k },
        body: JSON.stringify(body),
      });
      expect(retry.status).toBe(200);
      const answer = await readJson(retry);
      expect(answer).toMatchObject({ id: created.id, url: body.url, events: body.events, secret: created.secret });
      expect(await app.db.prisma.webhookSubscription.count({ where: { accountId, url: body.url } })).toBe(1);
    });

    test('a released key without stored events is deleted; one with events keeps them until it expires', async () => {
      const k = randomUUID();
      await firstTryLost(k, '/api/v1/track', { event: 'idem.lost.kept', props: { n: 1 } }, ['idem.lost.kept']);
      const kept = await app.db.prisma.idempotencyKey.findMany({ where: { key: k } });
      expect(kept).toHaveLength(1);
      expect(kept[0]!.state).toBe('running');
      const [lease] = await app.db.prisma.$queryRaw<Array<{ ended: boolean }>>`SELECT locked_until <= now() AS ended FROM idempotency_keys WHERE key = ${k}`;
      expect(lease!.ended).toBe(true);
      expect(kept[0]!.effects).toEqual([{ kind: 'track_event', id: expect.any(String), at: 0 }]);
      // Another request with the key is still refused (422), as for any kept key.
      expect((await track({ event: 'idem.lost.kept', props: { n: 2 } }, k, apiKey)).status).toBe(422);
      // Expired, the key is new again: its effects are forgotten.
      await app.db.prisma.$executeRaw`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ${k}`;
      expect((await track({ event: 'idem.lost.kept', props: { n: 2 } }, k, apiKey)).status).toBe(200);
      expect(await rows('idem.lost.kept')).toBe(2);
      const none = randomUUID();
      await firstTryLost(none, '/api/v1/track', { event: 'idem.lost.none' }, []);
      expect(await app.db.prisma.idempotencyKey.count({ where: { key: none } })).toBe(0);
    });
  });
});

// What a receiver operates itself, through both doors on a real HTTPS receiver (self-signed, reached
// through the test-only allow-list and CA): the test event, the delivery log and its detail,
// resend, recover (after a deactivation; thousands in batches), re-enable within the 25 cap, and
// every bad input and foreign id refused with nothing changed. Answers are checked against the
// served OpenAPI document; our deliveries are verified with the standardwebhooks package.
import { Webhook } from 'standardwebhooks';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openApiChecker, type OpenApiChecker } from '../helpers/openapi.ts';
import { makeAccount } from '../factories/index.ts';
import { makeStoredSubscription } from '../factories/webhooks.ts';
import { keysService } from '../../src/domain/keys/service.ts';
import { appendEvents } from '../../src/domain/events/repo.ts';
import { domainEvent } from '../../src/domain/events/catalog.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import { webhookDispatcher } from '../../src/domain/webhooks/delivery/dispatcher.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver, type ReceivedRequest } from '../webhooks/helpers/receiver.ts';
import { until } from '../webhooks/helpers/until.ts';

const HOUR = 3_600_000;

describeEachDatabase('v1 webhook operations', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let checker: OpenApiChecker;
  let cert: Certificate;
  let receiver: Receiver;
  let a: { id: string; key: string };
  let b: { id: string; key: string };
  let readOnlyKey: string;

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, key: string | null, body?: unknown) {
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${app.url}/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    const json = text ? JSON.parse(text) : undefined;
    checker.check(method, `/api/v1${path}`, res.status, json);
    return { status: res.status, body: json };
  }
  async function gql(key: string, query: string, variables: Record<string, unknown> = {}) {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts from the GraphQL answer
    return (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  }
  const dispatcher = (clock: { at: number }) =>
    webhookDispatcher({
      prisma: app.db.prisma,
      allowHosts: app.config.webhooks.allowPrivateHosts,
      extraCa: app.config.webhooks.extraCa,
      now: () => new Date(clock.at),
      pollMs: 20,
      random: () => 0,
    });
  const subscribe = async (key: string, pathname: string) =>
    (await call('POST', '/webhooks', key, { url: receiver.url(pathname) })).body as { id: number; secret: string };
  const standardHeaders = (r: ReceivedRequest) => ({
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });

  beforeAll(async () => {
    database = await target.create();
    cert = makeCertificate();
    receiver = await startReceiver(cert);
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost', WEBHOOK_EXTRA_CA_FILE: cert.certFile });
    checker = await openApiChecker(app.url);
    const keys = keysService(app.db.prisma);
    const setup = async (name: string) => {
      const account = await makeAccount(app.db.prisma, { name });
      return { id: account.id, key: (await keys.createKey({ accountId: account.id, scopes: ['read', 'write'] })).key };
    };
    a = await setup('Alpha');
    b = await setup('Beta');
    readOnlyKey = (await keys.createKey({ accountId: a.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    cert?.remove();
    await database?.close();
  });

  test('test event: sent now, answered with the attempt, verifiable with both schemes, in the log with its attempts; resend makes a new attempt (both doors)', async () => {
    const sub = await subscribe(a.key, '/ops/test');
    receiver.on('/ops/test', () => ({ status: 200, body: `ok:${'é'.repeat(1500)}` }));

    const tested = await call('POST', `/webhooks/${sub.id}/test`, a.key);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ success: true, status_code: 200, error: null });
    expect(Buffer.byteLength(tested.body.response_body)).toBeLessThanOrEqual(1024);
    expect(tested.body.response_body.startsWith('ok:éé')).toBe(true);
    const [request] = receiver.requestsTo('/ops/test');
    expect(request!.headers['x-service-event']).toBe('webhook.test');
    expect(request!.headers['x-service-delivery']).toBe(tested.body.delivery_id);
    expect(request!.headers['webhook-id']).toBe(tested.body.delivery_id);
    expect(request!.headers['x-service-signature-previous']).toBeUndefined();
    expect(JSON.parse(request!.rawBody.toString())).toMatchObject({ event: 'webhook.test', data: { webhook_id: sub.id } });
    expect(
      verifyWebhook({
        secret: sub.secret,
        rawBody: request!.rawBody,
        signature: request!.headers['x-service-signature'],
        timestamp: request!.headers['x-service-timestamp'],
      }),
    ).toMatchObject({ ok: true });
    expect(new Webhook(sub.secret).verify(request!.rawBody.toString(), standardHeaders(request!))).toMatchObject({ event: 'webhook.test' });

    const log = await call('GET', `/webhooks/deliveries?subscription_id=${sub.id}`, readOnlyKey);
    expect(log.body.data).toEqual([
      {
        id: tested.body.delivery_id,
        subscription_id: sub.id,
        event: 'webhook.test',
        status: 'delivered',
        attempts: 1,
        created_at: expect.any(String),
        next_attempt_at: null,
        last_error: null,
      },
    ]);
    const detail = await call('GET', `/webhooks/deliveries/${tested.body.delivery_id}`, readOnlyKey);
    expect(detail.body.attempt_log).toEqual([
      {
        attempt: 1,
        started_at: expect.any(String),
        status_code: 200,
        duration_ms: expect.any(Number),
        success: true,
        error: null,
        response_body: tested.body.response_body,
      },
    ]);

    const resent = await call('POST', `/webhooks/deliveries/${tested.body.delivery_id}/resend`, a.key);
    expect(resent.body).toMatchObject({ status: 'pending', attempts: 1 });
    // Pressing resend again before it went out changes nothing: still one send (issue 23, item 4).
    expect(await call('POST', `/webhooks/deliveries/${tested.body.delivery_id}/resend`, a.key)).toMatchObject({
      status: 200,
      body: { status: 'pending', attempts: 1, next_attempt_at: resent.body.next_attempt_at },
    });
    const worker = dispatcher({ at: Date.now() });
    expect(await worker.drain()).toMatchObject({ attempted: 1, succeeded: 1 });
    await worker.stop();
    const requests = receiver.requestsTo('/ops/test');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.rawBody.equals(requests[0]!.rawBody)).toBe(true);
    expect(requests[1]!.headers['x-service-delivery']).toBe(tested.body.delivery_id);

    const viaGraphql = await gql(
      a.key,
      `query($id: ID!) { webhookDelivery(id: $id) { deliveryId status attemptCount attempts { number statusCode success } } webhooks { legacyId deliveries(first: 5) { nodes { deliveryId event status } pageInfo { hasNextPage } } } }`,
      { id: tested.body.delivery_id },
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.webhookDelivery).toEqual({
      deliveryId: tested.body.delivery_id,
      status: 'delivered',
      attemptCount: 2,
      attempts: [
        { number: 1, statusCode: 200, success: true },
        { number: 2, statusCode: 200, success: true },
      ],
    });
    expect(viaGraphql.data.webhooks.find((w: { legacyId: number }) => w.legacyId === sub.id).deliveries).toEqual({
      nodes: [{ deliveryId: tested.body.delivery_id, event: 'webhook.test', status: 'delivered' }],
      pageInfo: { hasNextPage: false },
    });
    const gqlTest = await gql(a.key, `mutation($id: ID!) { testWebhook(input: { id: $id }) { deliveryId success statusCode } }`, { id: String(sub.id) });
    expect(gqlTest.data.testWebhook).toMatchObject({ success: true, statusCode: 200 });
    const gqlResend = await gql(a.key, `mutation($id: ID!) { resendWebhookDelivery(input: { id: $id }) { delivery { deliveryId status } } }`, {
      id: gqlTest.data.testWebhook.deliveryId,
    });
    expect(gqlResend.data.resendWebhookDelivery.delivery).toEqual({ deliveryId: gqlTest.data.testWebhook.deliveryId, status: 'pending' });
    // Another account sees none of it.
    expect((await gql(b.key, `query($id: ID!) { webhookDelivery(id: $id) { id } }`, { id: tested.body.delivery_id })).data.webhookDelivery).toBeNull();
  });

  test('a deactivated subscription: recover and resend refused, enable (GraphQL) resets it, recover queues its failed deliveries again (REST)', async () => {
    const sub = await subscribe(a.key, '/ops/down');
    let up = false;
    receiver.on('/ops/down', () => ({ status: up ? 204 : 500, body: 'down' }));
    await app.db.prisma.$transaction((tx) =>
      appendEvents(
        tx,
        a.id,
        [1, 2, 3].map((n) => domainEvent('credits.low', { balance: n, threshold: 100, last_feature: 'ai_insights' })),
      ),
    );
    const clock = { at: Date.now() };
    const worker = dispatcher(clock);
    for (let round = 0; round < 7; round++) {
      await worker.drain();
      clock.at += 13 * HOUR;
    }
    const row = await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(row).toMatchObject({ active: false, failCount: 21 });
    const failed = await call('GET', `/webhooks/deliveries?subscription_id=${sub.id}&status=failed&event=credits.low`, a.key);
    expect(failed.body.data).toHaveLength(3);
    expect(failed.body.data[0]).toMatchObject({ status: 'failed', attempts: 7, last_error: 'receiver answered HTTP 500' });
    const detail = await call('GET', `/webhooks/deliveries/${failed.body.data[0].id}`, a.key);
    expect(detail.body.attempt_log.map((x: { status_code: number; response_body: string }) => [x.status_code, x.response_body])).toEqual(
      Array(7).fill([500, 'down']),
    );

    const since = new Date(Date.now() - HOUR).toISOString();
    expect((await call('POST', `/webhooks/${sub.id}/recover`, a.key, { since })).body.error).toBe('conflict');
    expect((await call('POST', `/webhooks/deliveries/${failed.body.data[0].id}/resend`, a.key)).body.error).toBe('conflict');

    const enabled = await gql(a.key, `mutation($id: ID!) { enableWebhook(input: { id: $id }) { webhook { legacyId active failCount } } }`, {
      id: String(sub.id),
    });
    expect(enabled.data.enableWebhook.webhook).toEqual({ legacyId: sub.id, active: true, failCount: 0 });
    expect((await call('POST', `/webhooks/${sub.id}/enable`, a.key)).body).toMatchObject({ id: sub.id, active: true, fail_count: 0 });

    up = true;
    const recovered = await call('POST', `/webhooks/${sub.id}/recover`, a.key, { since });
    expect(recovered.body).toEqual({ subscription_id: sub.id, since, queued: 3, api_version: 'v1' });
    expect((await call('POST', `/webhooks/${sub.id}/recover`, a.key, { since })).body.queued).toBe(0);
    expect(await worker.drain()).toMatchObject({ attempted: 3, succeeded: 3 });
    const delivered = await call('GET', `/webhooks/deliveries?subscription_id=${sub.id}&status=delivered`, a.key);
    expect(delivered.body.data.map((d: { attempts: number }) => d.attempts)).toEqual([8, 8, 8]);
    const gqlRecover = await gql(
      a.key,
      `mutation($id: ID!, $since: DateTime!) { recoverWebhookDeliveries(input: { webhookId: $id, since: $since }) { queued } }`,
      { id: String(sub.id), since },
    );
    expect(gqlRecover.data.recoverWebhookDeliveries.queued).toBe(0);
    await worker.stop();
  });

  test('deactivation cancels the pending deliveries; enable and recover send them again at once, the counters consistent (issue 23, item 4)', async () => {
    const sub = await subscribe(a.key, '/ops/fixed-later');
    let up = false;
    receiver.on('/ops/fixed-later', () => (up ? { status: 200, body: 'ok' } : { status: 503, body: 'unavailable' }));
    await app.db.prisma.$transaction((tx) =>
      appendEvents(
        tx,
        a.id,
        Array.from({ length: 20 }, (_, n) => domainEvent('credits.low', { balance: n, threshold: 100, last_feature: 'ai_insights' })),
      ),
    );
    const clock = { at: Date.now() };
    const worker = dispatcher(clock);
    await worker.drain();
    await worker.stop();
    expect(receiver.requestsTo('/ops/fixed-later')).toHaveLength(20);
    const log = async (status?: string) =>
      (await call('GET', `/webhooks/deliveries?subscription_id=${sub.id}&limit=100${status ? `&status=${status}` : ''}`, a.key)).body.data as Array<{
        id: string;
        status: string;
        attempts: number;
        next_attempt_at: string | null;
        last_error: string | null;
      }>;
    // 20 consecutive failures: deactivated, and its deliveries dropped (cancelled, no next attempt).
    expect(await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({
      active: false,
      failCount: 20,
      lastStatus: 503,
    });
    const dropped = await log();
    expect(dropped).toHaveLength(20);
    for (const d of dropped)
      expect(d).toMatchObject({ status: 'cancelled', attempts: 1, next_attempt_at: null, last_error: expect.stringContaining('deactivated') });
    expect(await app.db.prisma.webhookDelivery.count({ where: { subscriptionId: sub.id, status: 'pending' } })).toBe(0);

    // Re-enabled: fail_count starts again; last_status still tells the latest attempt (the 503 of the log).
    const enabled = await call('POST', `/webhooks/${sub.id}/enable`, a.key);
    expect(enabled.body).toMatchObject({ active: true, fail_count: 0, last_status: 503, total_fired: 20, total_failed: 20 });
    const latest = await call('GET', `/webhooks/deliveries/${dropped[0]!.id}`, a.key);
    expect(latest.body.attempt_log.map((x: { status_code: number }) => x.status_code)).toEqual([503]);

    up = true;
    const since = new Date(clock.at - HOUR).toISOString();
    expect((await call('POST', `/webhooks/${sub.id}/recover`, a.key, { since })).body).toMatchObject({ subscription_id: sub.id, queued: 20 });
    for (const d of await log()) expect(d).toMatchObject({ status: 'pending', attempts: 1 });
    // The dispatcher's loop picks them up on its own (its poll), due at once: its clock stands still
    // at the recovery, so a delivery waiting for a retry's backoff would never be sent here.
    clock.at = Date.now();
    const loop = dispatcher(clock);
    loop.start();
    try {
      await until('the 20 recovered deliveries delivered', async () => (await log('delivered')).length === 20);
    } finally {
      await loop.stop();
    }
    const again = receiver.requestsTo('/ops/fixed-later').slice(20);
    expect(new Set(again.map((r) => r.headers['x-service-delivery']))).toEqual(new Set(dropped.map((d) => d.id)));
    for (const d of await log()) expect(d).toMatchObject({ status: 'delivered', attempts: 2, next_attempt_at: null, last_error: null });
    const listed = (await call('GET', '/webhooks', a.key)).body.data.find((w: { id: number }) => w.id === sub.id);
    expect(listed).toMatchObject({ active: true, fail_count: 0, last_status: 200, total_fired: 40, total_failed: 20 });
  });

  test('resend of a pending (failing) delivery sends it now, once however often it is pressed; 409 only when it cannot be sent (both doors)', async () => {
    const sub = await subscribe(a.key, '/ops/resend-now');
    let up = false;
    receiver.on('/ops/resend-now', () => (up ? { status: 204 } : { status: 503, body: 'unavailable' }));
    await app.db.prisma.$transaction((tx) => appendEvents(tx, a.id, [domainEvent('credits.low', { balance: 7, threshold: 100, last_feature: 'ai_insights' })]));
    const clock = { at: Date.now() };
    const worker = dispatcher(clock);
    await worker.drain();
    const [failing] = (await call('GET', `/webhooks/deliveries?subscription_id=${sub.id}`, a.key)).body.data;
    expect(failing).toMatchObject({ status: 'pending', attempts: 1, last_error: 'receiver answered HTTP 503' });
    // Its retry is a minute away: the dispatcher's clock (standing still) sends nothing more.
    expect(new Date(failing.next_attempt_at).getTime()).toBeGreaterThanOrEqual(clock.at + 60_000);
    expect(await worker.drain()).toMatchObject({ attempted: 0 });

    up = true;
    const before = Date.now();
    const resent = await call('POST', `/webhooks/deliveries/${failing.id}/resend`, a.key);
    expect(resent).toMatchObject({ status: 200, body: { id: failing.id, status: 'pending', attempts: 1 } });
    const due = new Date(resent.body.next_attempt_at).getTime();
    expect(due).toBeGreaterThanOrEqual(before);
    expect(due).toBeLessThanOrEqual(Date.now());
    // Pressed again (both doors): the same pending delivery, its next attempt not moved.
    expect((await call('POST', `/webhooks/deliveries/${failing.id}/resend`, a.key)).body).toMatchObject({
      status: 'pending',
      next_attempt_at: resent.body.next_attempt_at,
    });
    const viaGraphql = await gql(
      a.key,
      `mutation($id: ID!) { resendWebhookDelivery(input: { id: $id }) { delivery { deliveryId status attemptCount } userErrors { code } } }`,
      {
        id: failing.id,
      },
    );
    expect(viaGraphql.data.resendWebhookDelivery).toEqual({ delivery: { deliveryId: failing.id, status: 'pending', attemptCount: 1 }, userErrors: [] });

    clock.at = Date.now();
    expect(await worker.drain()).toMatchObject({ attempted: 1, succeeded: 1 });
    await worker.stop();
    expect(receiver.requestsTo('/ops/resend-now').map((r) => r.headers['x-service-delivery'])).toEqual([failing.id, failing.id]);
    expect((await call('GET', `/webhooks/deliveries/${failing.id}`, a.key)).body).toMatchObject({ status: 'delivered', attempts: 2, next_attempt_at: null });

    // A deactivated subscription's delivery cannot be sent: 409 through both doors, nothing changed.
    await app.db.prisma.webhookSubscription.update({ where: { id: sub.id }, data: { active: false, deactivatedAt: new Date() } });
    expect(await call('POST', `/webhooks/deliveries/${failing.id}/resend`, a.key)).toMatchObject({ status: 409, body: { error: 'conflict' } });
    const refused = await gql(a.key, `mutation($id: ID!) { resendWebhookDelivery(input: { id: $id }) { delivery { status } userErrors { code } } }`, {
      id: failing.id,
    });
    expect(refused.data.resendWebhookDelivery).toEqual({ delivery: null, userErrors: [{ code: 'conflict' }] });
    expect((await call('GET', `/webhooks/deliveries/${failing.id}`, a.key)).body).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  test('recover of thousands of failed deliveries queues every one (in bounded batches); paging the log visits each once', async () => {
    const sub = await makeStoredSubscription(app.db.prisma, a.id, receiver.url('/ops/many'));
    const now = new Date();
    // One event per delivery (the pair is unique): 1,200 events and failed deliveries.
    await app.db.prisma.outboxEvent.createMany({
      data: Array.from({ length: 1200 }, (_, i) => ({ eventId: `evt_bulk_${i}`, accountId: a.id, name: 'credits.low', data: {}, dispatchedAt: now })),
    });
    const ids = (await app.db.prisma.outboxEvent.findMany({ where: { accountId: a.id, eventId: { startsWith: 'evt_bulk_' } }, select: { id: true } })).map(
      (e) => e.id,
    );
    await app.db.prisma.webhookDelivery.createMany({
      data: ids.map((eventId, i) => ({
        deliveryId: `dlv_${String(i).padStart(24, '0')}`,
        eventId,
        subscriptionId: sub.id,
        status: 'failed' as const,
        attempts: 7,
        createdAt: now,
      })),
    });
    const recovered = await call('POST', `/webhooks/${sub.id}/recover`, a.key, { since: new Date(now.getTime() - 1000).toISOString() });
    expect(recovered.body.queued).toBe(1200);
    expect(await app.db.prisma.webhookDelivery.count({ where: { subscriptionId: sub.id, status: 'pending' } })).toBe(1200);

    const seen = new Set<string>();
    let cursor: number | null = null;
    do {
      const page: { body: { data: Array<{ id: string }>; pagination: { next_cursor: number | null; limit: number } } } = await call(
        'GET',
        `/webhooks/deliveries?subscription_id=${sub.id}&limit=500${cursor ? `&cursor=${cursor}` : ''}`,
        a.key,
      );
      expect(page.body.pagination.limit).toBe(100);
      for (const d of page.body.data) seen.add(d.id);
      cursor = page.body.pagination.next_cursor;
    } while (cursor !== null);
    expect(seen.size).toBe(1200);
    // Leave nothing due for the other tests' dispatchers.
    await app.db.prisma.webhookDelivery.updateMany({ where: { subscriptionId: sub.id }, data: { status: 'cancelled' } });
  });

  test('enable counts toward the 25 active subscriptions', async () => {
    const c = await makeAccount(app.db.prisma, { name: 'Gamma' });
    const key = (await keysService(app.db.prisma).createKey({ accountId: c.id, scopes: ['read', 'write'] })).key;
    const stored = [];
    for (let i = 0; i < 26; i++) stored.push(await makeStoredSubscription(app.db.prisma, c.id, `https://hooks.example.com/${i}`));
    await app.db.prisma.webhookSubscription.update({ where: { id: stored[0]!.id }, data: { active: false, failCount: 20, deactivatedAt: new Date() } });
    const refused = await call('POST', `/webhooks/${stored[0]!.id}/enable`, key);
    expect(refused).toMatchObject({ status: 400, body: { error: 'too_many_webhooks' } });
    expect(await app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: stored[0]!.id } })).toMatchObject({ active: false, failCount: 20 });
    expect((await call('DELETE', `/webhooks?id=${stored[1]!.id}`, key)).status).toBe(200);
    expect((await call('POST', `/webhooks/${stored[0]!.id}/enable`, key)).body).toMatchObject({ active: true, fail_count: 0 });
  });

  test('bad input and foreign ids: documented codes, nothing changed', async () => {
    const sub = await subscribe(a.key, '/ops/bad');
    const foreign = await subscribe(b.key, '/ops/foreign');
    const foreignTest = await call('POST', `/webhooks/${foreign.id}/test`, b.key);
    const secretsBefore = await app.db.prisma.webhookSubscription.findMany({
      orderBy: { id: 'asc' },
      select: { id: true, secret: true, previousSecret: true, active: true, failCount: true },
    });
    const deliveriesBefore = await app.db.prisma.webhookDelivery.count();

    const refused = async (method: 'GET' | 'POST', path: string, key: string | null, status: number, error: string, param?: string, body?: unknown) => {
      const res = await call(method, path, key, body);
      expect({ path, status: res.status, error: res.body.error, param: res.body.param }).toEqual({ path, status, error, param });
    };
    await refused('GET', '/webhooks/deliveries?status=bogus', a.key, 400, 'invalid_parameter', 'status');
    await refused('GET', '/webhooks/deliveries?event=nope.nope', a.key, 400, 'invalid_parameter', 'event');
    await refused('GET', '/webhooks/deliveries?since=yesterday', a.key, 400, 'invalid_parameter', 'since');
    await refused('GET', '/webhooks/deliveries?limit=0', a.key, 400, 'invalid_parameter', 'limit');
    await refused('GET', '/webhooks/deliveries?cursor=abc', a.key, 400, 'invalid_parameter', 'cursor');
    await refused('GET', '/webhooks/deliveries?subscription_id=x', a.key, 400, 'invalid_parameter', 'subscription_id');
    await refused('GET', `/webhooks/deliveries?subscription_id=${foreign.id}`, a.key, 404, 'not_found');
    await refused('GET', '/webhooks/deliveries/nope', a.key, 400, 'invalid_parameter', 'id');
    await refused('GET', `/webhooks/deliveries/${foreignTest.body.delivery_id}`, a.key, 404, 'not_found');
    await refused('GET', `/webhooks/deliveries/dlv_${'0'.repeat(24)}x`.slice(0, 200), a.key, 400, 'invalid_parameter', 'id');
    await refused('GET', '/webhooks/deliveries', null, 401, 'missing_authorization');
    await refused('POST', `/webhooks/deliveries/${foreignTest.body.delivery_id}/resend`, a.key, 404, 'not_found');
    for (const action of ['test', 'enable', 'rotate-secret']) {
      await refused('POST', `/webhooks/${foreign.id}/${action}`, a.key, 404, 'not_found');
      await refused('POST', `/webhooks/abc/${action}`, a.key, 400, 'invalid_parameter', 'id');
      // Beyond the id column's range: 400, as any id that cannot exist (issue 14).
      await refused('POST', `/webhooks/99999999999/${action}`, a.key, 400, 'invalid_parameter', 'id');
      await refused('POST', `/webhooks/${sub.id}/${action}`, readOnlyKey, 403, 'scope_required:write');
    }
    await refused('POST', `/webhooks/${foreign.id}/recover`, a.key, 404, 'not_found', undefined, { since: new Date().toISOString() });
    await refused('POST', `/webhooks/${sub.id}/recover`, a.key, 400, 'invalid_parameter', 'since', {});
    await refused('POST', `/webhooks/${sub.id}/recover`, a.key, 400, 'invalid_parameter', 'since', {
      since: new Date(Date.now() - 8 * 24 * HOUR).toISOString(),
    });
    await refused('POST', `/webhooks/${sub.id}/recover`, a.key, 400, 'invalid_parameter', 'since', { since: new Date(Date.now() + HOUR).toISOString() });
    await refused('POST', `/webhooks/${sub.id}/recover`, a.key, 400, 'invalid_parameter', 'since', { since: 5 });
    await refused('POST', `/webhooks/${sub.id}/recover`, a.key, 400, 'invalid_parameter', 'extra', { since: new Date().toISOString(), extra: 1 });
    for (const grace of [169, -1, 1.5, '24', true]) {
      await refused('POST', `/webhooks/${sub.id}/rotate-secret`, a.key, 400, 'invalid_parameter', 'grace_period_hours', { grace_period_hours: grace });
    }
    const gqlBad = await gql(
      a.key,
      `mutation($id: ID!) { rotateWebhookSecret(input: { id: $id, gracePeriodHours: 500 }) { secret userErrors { field code } } }`,
      { id: String(sub.id) },
    );
    expect(gqlBad.data.rotateWebhookSecret).toEqual({ secret: null, userErrors: [{ field: ['input', 'gracePeriodHours'], code: 'invalid_parameter' }] });
    const gqlForeign = await gql(a.key, `mutation($id: ID!) { enableWebhook(input: { id: $id }) { webhook { id } userErrors { code } } }`, {
      id: String(foreign.id),
    });
    expect(gqlForeign.data.enableWebhook).toEqual({ webhook: null, userErrors: [{ code: 'not_found' }] });

    expect(
      await app.db.prisma.webhookSubscription.findMany({
        orderBy: { id: 'asc' },
        select: { id: true, secret: true, previousSecret: true, active: true, failCount: true },
      }),
    ).toEqual(secretsBefore);
    expect(await app.db.prisma.webhookDelivery.count()).toBe(deliveriesBefore);
    // Above the maximum, limit is clamped as v1 limits are.
    expect((await call('GET', '/webhooks/deliveries?limit=1000', a.key)).body.pagination.limit).toBe(100);
  });
});

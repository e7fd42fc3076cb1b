// Secret rotation end to end with a real HTTPS receiver that verifies every delivery itself: first
// with the old secret only, then with both, then with the new one; after the grace period only the
// new secret signs. A delivery claimed before a rotation is sent with what its claim read, never
// with a secret the receiver has not been given. Standard Webhooks headers are checked with the
// standardwebhooks package throughout.
import https from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import { Webhook } from 'standardwebhooks';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/service.ts';
import { appendEvents } from '../../src/domain/events/repo.ts';
import { domainEvent } from '../../src/domain/events/catalog.ts';
import { readJson } from '../helpers/http.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import { webhookDispatcher } from '../../src/domain/webhooks/delivery/dispatcher.ts';
import { deliveryRepo } from '../../src/domain/webhooks/delivery/repo.ts';
import { attemptDelivery } from '../../src/domain/webhooks/delivery/attempt.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver, type ReceivedRequest } from './helpers/receiver.ts';

describeEachDatabase('webhook secret rotation', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let cert: Certificate;
  let receiver: Receiver;
  let account: { id: string; key: string };
  /** The secrets the receiver currently accepts. */
  let accepted: string[] = [];

  const verifies = (r: ReceivedRequest, secrets: string[]) =>
    verifyWebhook({
      secret: secrets,
      rawBody: r.rawBody,
      signature: r.headers['x-service-signature'],
      previousSignature: r.headers['x-service-signature-previous'],
      timestamp: r.headers['x-service-timestamp'],
    }).ok;
  const standardVerifies = (r: ReceivedRequest, secret: string) => {
    try {
      new Webhook(secret).verify(r.rawBody.toString(), {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      });
      return true;
    } catch {
      return false;
    }
  };
  async function call(path: string, body?: unknown) {
    const res = await fetch(`${app.url}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await readJson(res) };
  }
  const emit = (n: number) =>
    app.db.prisma.$transaction((tx) => appendEvents(tx, account.id, [domainEvent('credits.low', { balance: n, threshold: 100, last_feature: 'ai_insights' })]));
  const dispatcher = () =>
    webhookDispatcher({ prisma: app.db.prisma, allowHosts: app.config.webhooks.allowPrivateHosts, extraCa: app.config.webhooks.extraCa, pollMs: 20 });
  /** Emits one event, delivers it, and returns what the receiver got. */
  async function deliverOne(n: number): Promise<ReceivedRequest> {
    const before = receiver.requestsTo('/rotation').length;
    await emit(n);
    const worker = dispatcher();
    expect(await worker.drain()).toMatchObject({ attempted: 1 });
    await worker.stop();
    const got = receiver.requestsTo('/rotation');
    expect(got).toHaveLength(before + 1);
    return got[before]!;
  }

  beforeAll(async () => {
    database = await target.create();
    cert = makeCertificate();
    receiver = await startReceiver(cert);
    app = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost', WEBHOOK_EXTRA_CA_FILE: cert.certFile });
    const created = await makeAccount(app.db.prisma, { name: 'Rotating' });
    account = { id: created.id, key: (await keysService(app.db.prisma).createKey({ accountId: created.id, scopes: ['read', 'write'] })).key };
    // The receiver verifies each delivery with the secrets it has been given so far.
    receiver.on('/rotation', (_n, request) => ({ status: verifies(request, accepted) ? 204 : 400 }));
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    cert?.remove();
    await database?.close();
  });

  test('old secret, then both, then the new one: every delivery verifies at the receiver; after the grace period only the new secret signs', async () => {
    const created = await fetch(`${app.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url('/rotation'), events: ['credits.low'] }),
    });
    const { id, secret: oldSecret } = (await created.json()) as { id: number; secret: string };
    accepted = [oldSecret];

    const first = await deliverOne(1);
    expect(first.headers['x-service-signature-previous']).toBeUndefined();
    expect(String(first.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(standardVerifies(first, oldSecret)).toBe(true);

    const rotated = await call(`/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const newSecret: string = rotated.body.secret;
    expect(newSecret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const graceEnd = Date.parse(rotated.body.previous_secret_expires_at);
    expect(Math.abs(graceEnd - (Date.now() + 24 * 3_600_000))).toBeLessThan(120_000);

    // The receiver still has only the old secret: the previous signature carries the delivery.
    const during = await deliverOne(2);
    expect(verifies(during, [oldSecret])).toBe(true);
    expect(
      verifyWebhook({
        secret: newSecret,
        rawBody: during.rawBody,
        signature: during.headers['x-service-signature'],
        timestamp: during.headers['x-service-timestamp'],
      }).ok,
    ).toBe(true);
    expect(
      verifyWebhook({
        secret: oldSecret,
        rawBody: during.rawBody,
        signature: during.headers['x-service-signature'],
        timestamp: during.headers['x-service-timestamp'],
      }).ok,
    ).toBe(false);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(standardVerifies(during, oldSecret) && standardVerifies(during, newSecret)).toBe(true);

    accepted = [oldSecret, newSecret];
    expect(verifies(await deliverOne(3), [oldSecret, newSecret])).toBe(true);
    accepted = [newSecret];
    expect(verifies(await deliverOne(4), [newSecret])).toBe(true);

    // The grace period ends (moved into the past rather than waited for).
    await app.db.prisma.webhookSubscription.update({ where: { id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    const after = await deliverOne(5);
    expect(after.headers['x-service-signature-previous']).toBeUndefined();
    expect(verifies(after, [oldSecret])).toBe(false);
    expect(standardVerifies(after, oldSecret)).toBe(false);
    expect(standardVerifies(after, newSecret)).toBe(true);

    // Every delivery was accepted by the receiver as it was configured at the time.
    const statuses = await app.db.prisma.webhookDelivery.findMany({ where: { subscriptionId: id }, select: { status: true } });
    expect(statuses.map((s) => s.status)).toEqual(Array(5).fill('succeeded'));
  });

  test('a delivery claimed before a rotation is signed with what its claim read, not with the secret the rotation made', async () => {
    const created = await fetch(`${app.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url('/inflight'), events: ['credits.low'] }),
    });
    const { id, secret: oldSecret } = (await created.json()) as { id: number; secret: string };
    await emit(9);
    const repo = deliveryRepo(app.db.prisma);
    await repo.fanOut(100, new Date());
    const now = new Date();
    const claimed = (await repo.claimDue(100, now, new Date(now.getTime() + 60_000), 'test-claim')).filter((d) => d.subscriptionId === id);
    expect(claimed).toHaveLength(1);
    // Rotated with no grace period while the delivery is in flight.
    const rotated = await call(`/webhooks/${id}/rotate-secret`, { grace_period_hours: 0 });
    expect(rotated.body.previous_secret_expires_at).toBeNull();
    const agent = new https.Agent({ secureContext: createSecureContext({ ca: [...rootCertificates, cert.cert] }) });
    try {
      const outcome = await attemptDelivery(claimed[0]!, new Date(), { agent, timeoutMs: 10_000, maxResponseBytes: 1024, allowHosts: ['localhost'] });
      expect(outcome.success).toBe(true);
    } finally {
      agent.destroy();
    }
    const [request] = receiver.requestsTo('/inflight');
    expect(verifies(request!, [oldSecret])).toBe(true);
    expect(verifies(request!, [rotated.body.secret])).toBe(false);
    expect(request!.headers['x-service-signature-previous']).toBeUndefined();
  });
});

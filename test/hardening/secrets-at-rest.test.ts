// Issue 14 item 8 (secrets): webhook signing secrets are stored encrypted (AES-256-GCM under
// WEBHOOK_SECRET_KEY), opened only to sign; secrets stored before encryption are sealed at boot
// and sign the same meanwhile; production refuses to start without a key.
import { randomBytes } from 'node:crypto';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { makeAccount } from '../factories/index.ts';
import { makeStoredSubscription } from '../factories/webhooks.ts';
import { keysService } from '../../src/domain/keys/service.ts';
import { appendEvents } from '../../src/domain/events/repo.ts';
import { domainEvent } from '../../src/domain/events/catalog.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import { webhookDispatcher } from '../../src/domain/webhooks/delivery/dispatcher.ts';
import { parseSecretKey, secretBox, SEALED_PREFIX } from '../../src/domain/webhooks/secret-box.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver, type ReceivedRequest } from '../webhooks/helpers/receiver.ts';

const KEY = randomBytes(32).toString('hex');

test('the secret box: sealed values open to the secret, a legacy value passes, tampering and a wrong key fail', () => {
  const box = secretBox(parseSecretKey(KEY));
  const sealed = box.seal('whsec_abc');
  expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
  expect(sealed).not.toContain('abc');
  expect(box.seal('whsec_abc')).not.toBe(sealed); // a fresh IV each time
  expect(box.open(sealed)).toBe('whsec_abc');
  expect(box.open('whsec_legacy')).toBe('whsec_legacy');
  const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
  expect(() => box.open(tampered)).toThrow();
  expect(() => secretBox(parseSecretKey(randomBytes(32).toString('hex'))).open(sealed)).toThrow();
  expect(() => secretBox(null).open(sealed)).toThrow(/WEBHOOK_SECRET_KEY/);
  expect(parseSecretKey(randomBytes(32).toString('base64'))).toHaveLength(32);
  expect(parseSecretKey('short')).toBeNull();
});

test('production requires WEBHOOK_SECRET_KEY, and a malformed one is refused', () => {
  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://x@h/db' };
  expect(() => testConfig(production)).toThrow(/WEBHOOK_SECRET_KEY: required/);
  expect(() => testConfig({ ...production, WEBHOOK_SECRET_KEY: 'nope' })).toThrow(/WEBHOOK_SECRET_KEY: 32 bytes/);
  expect(testConfig({ ...production, WEBHOOK_SECRET_KEY: KEY }).webhooks.secretKey).toBe(KEY);
});

describeEachDatabase('webhook secrets at rest', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let cert: Certificate;
  let receiver: Receiver;
  let account: { id: string; key: string };

  beforeAll(async () => {
    database = await target.create();
    cert = makeCertificate();
    receiver = await startReceiver(cert);
    app = await startTestApp(database, {
      RATE_LIMIT_PER_MINUTE: '100000',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost',
      WEBHOOK_EXTRA_CA_FILE: cert.certFile,
      WEBHOOK_SECRET_KEY: KEY,
    });
    const created = await makeAccount(app.db.prisma);
    account = { id: created.id, key: (await keysService(app.db.prisma).createKey({ accountId: created.id, scopes: ['read', 'write'] })).key };
    receiver.on('/sealed', () => ({ status: 204 }));
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    cert?.remove();
    await database?.close();
  });

  const verifies = (r: ReceivedRequest, secret: string) =>
    verifyWebhook({ secret, rawBody: r.rawBody, signature: r.headers['x-service-signature'], timestamp: r.headers['x-service-timestamp'] }).ok;
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${app.url}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const stored = (id: number) => app.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id }, select: { secret: true, previousSecret: true } });

  test('stored sealed, signed with the plain secret (deliveries, test events, rotation)', async () => {
    const created = await post('/webhooks', { url: receiver.url('/sealed'), events: ['credits.low'] });
    const id = created.id as number;
    const secret = created.secret as string;
    const row = await stored(id);
    expect(row.secret.startsWith(SEALED_PREFIX)).toBe(true);
    expect(row.secret).not.toContain(secret.slice('whsec_'.length));

    await app.db.prisma.$transaction((tx) =>
      appendEvents(tx, account.id, [domainEvent('credits.low', { balance: 1, threshold: 100, last_feature: 'ai_insights' })]),
    );
    const worker = webhookDispatcher({
      prisma: app.db.prisma,
      allowHosts: app.config.webhooks.allowPrivateHosts,
      extraCa: app.config.webhooks.extraCa,
      secrets: secretBox(parseSecretKey(KEY)),
      pollMs: 20,
    });
    expect(await worker.drain()).toMatchObject({ attempted: 1, succeeded: 1 });
    await worker.stop();
    expect(verifies(receiver.requestsTo('/sealed').at(-1)!, secret)).toBe(true);

    expect(await post(`/webhooks/${id}/test`)).toMatchObject({ success: true });
    expect(verifies(receiver.requestsTo('/sealed').at(-1)!, secret)).toBe(true);

    const rotated = await post(`/webhooks/${id}/rotate-secret`);
    const after = await stored(id);
    expect(after.secret.startsWith(SEALED_PREFIX) && after.previousSecret?.startsWith(SEALED_PREFIX)).toBe(true);
    expect(await post(`/webhooks/${id}/test`)).toMatchObject({ success: true });
    const signed = receiver.requestsTo('/sealed').at(-1)!;
    expect(verifies(signed, rotated.secret as string)).toBe(true);
    expect(
      verifyWebhook({
        secret,
        rawBody: signed.rawBody,
        signature: signed.headers['x-service-signature-previous'],
        timestamp: signed.headers['x-service-timestamp'],
      }).ok,
    ).toBe(true);
  });

  test('secrets stored before encryption sign as they are, and the boot pass seals them without loss', async () => {
    const legacy = await makeStoredSubscription(app.db.prisma, account.id, receiver.url('/sealed'), ['credits.low']);
    expect(legacy.secret.startsWith(SEALED_PREFIX)).toBe(false);
    expect(await post(`/webhooks/${legacy.id}/test`)).toMatchObject({ success: true });
    expect(verifies(receiver.requestsTo('/sealed').at(-1)!, legacy.secret)).toBe(true);

    expect(await app.services.webhooks.sealStoredSecrets()).toBeGreaterThanOrEqual(1);
    const row = await stored(legacy.id);
    expect(row.secret.startsWith(SEALED_PREFIX)).toBe(true);
    expect(secretBox(parseSecretKey(KEY)).open(row.secret)).toBe(legacy.secret);
    expect(await app.services.webhooks.sealStoredSecrets()).toBe(0);
    expect(await post(`/webhooks/${legacy.id}/test`)).toMatchObject({ success: true });
    expect(verifies(receiver.requestsTo('/sealed').at(-1)!, legacy.secret)).toBe(true);
  });
});

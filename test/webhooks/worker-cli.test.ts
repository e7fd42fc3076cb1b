// `svc worker` delivers webhooks: the real command in a child process, configured through the
// environment (allow-list and CA for the local HTTPS receiver, warned about at boot), delivers an
// event signed, and stops with exit code 0 on SIGTERM.
import { afterAll, beforeAll, expect, test, jest } from '@jest/globals';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { CLI_TEST_TIMEOUT_MS, svcBackground } from '../helpers/cli.ts';
import { makeAccount } from '../factories/index.ts';
import { createPrisma, type PrismaClient } from '../../src/db/client.ts';
import { appendEvents } from '../../src/domain/events/index.ts';
import { domainEvent } from '../../src/domain/events/index.ts';
import { webhooksService } from '../../src/domain/webhooks/index.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver } from './helpers/receiver.ts';

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

describeEachDatabase('svc worker delivers webhooks', (target) => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let cert: Certificate;
  let receiver: Receiver;

  beforeAll(async () => {
    database = await target.create();
    prisma = createPrisma(database.connectionString, { poolSize: 2 });
    cert = makeCertificate();
    receiver = await startReceiver(cert);
  });
  afterAll(async () => {
    await receiver?.close();
    cert?.remove();
    await prisma?.$disconnect();
    await database?.close();
  });

  test('an event reaches the receiver signed; SIGTERM stops the worker with exit 0', async () => {
    const account = await makeAccount(prisma);
    const sub = await webhooksService(prisma, { allowHosts: ['localhost'] }).createWebhook(account.id, {
      url: receiver.url('/worker'),
      events: ['integration.connected'],
    });
    await prisma.$transaction((tx) => appendEvents(tx, account.id, [domainEvent('integration.connected', { provider: 'shopify', shop: 'w.myshopify.com' })]));
    const worker = svcBackground(
      ['worker'],
      { DATABASE_URL: database.connectionString, WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost', WEBHOOK_EXTRA_CA_FILE: cert.certFile },
      /delivering webhooks/,
    );
    try {
      const output = await worker.started;
      expect(output).toContain('WARNING: WEBHOOK_ALLOW_PRIVATE_HOSTS is set (localhost)');
      expect(output).toContain(`WARNING: WEBHOOK_EXTRA_CA_FILE is set (${cert.certFile})`);
      await receiver.waitFor(1, 120_000);
    } finally {
      worker.child.kill('SIGTERM');
    }
    expect(await worker.exited).toBe(0);
    const [request] = receiver.requestsTo('/worker');
    expect(JSON.parse(request!.rawBody.toString())).toEqual({ event: 'integration.connected', data: { provider: 'shopify', shop: 'w.myshopify.com' } });
    expect(
      verifyWebhook({
        secret: sub.secret,
        rawBody: request!.rawBody,
        signature: request!.headers['x-service-signature'],
        timestamp: request!.headers['x-service-timestamp'],
      }),
    ).toMatchObject({ ok: true });
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { subscriptionId: sub.id } });
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});

// Address safety at dispatch: stored subscriptions whose URL is, or resolves to, a non-public
// address (encodings, reserved ranges, IPv4-mapped and NAT64 forms, metadata, and a name whose DNS
// answer changes between registration and dispatch) are refused when their delivery is attempted,
// as failed attempts with a clear error, and no connection is opened: the dispatcher's HTTPS agent
// counts every socket it would open, and a receiver on loopback (the port most targets name) counts
// every connection it accepts. A positive control shows both counters do count.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { makeAccount } from '../factories/index.ts';
import { makeStoredSubscription } from '../factories/webhooks.ts';
import { createPrisma, type PrismaClient } from '../../src/db/client.ts';
import { appendEvents } from '../../src/domain/events/index.ts';
import { domainEvent } from '../../src/domain/events/index.ts';
import { webhooksService } from '../../src/domain/webhooks/index.ts';
import { webhookDispatcher } from '../../src/domain/webhooks/index.ts';
import type { Resolver } from '../../src/domain/webhooks/index.ts';
import { makeCertificate, startReceiver, type Certificate, type Receiver } from './helpers/receiver.ts';

/** An HTTPS agent that counts the connections it is asked to open. */
class CountingAgent extends https.Agent {
  opened: string[] = [];
  override createConnection(options: { host?: string; port?: number }, callback?: (err: Error | null, stream: Duplex) => void): Duplex {
    this.opened.push(`${options.host}:${options.port}`);
    return (https.Agent.prototype as unknown as { createConnection: (o: unknown, cb?: unknown) => Duplex }).createConnection.call(this, options, callback);
  }
}

const PUBLIC = '93.184.215.14';

describeEachDatabase('webhook dispatch refuses hostile targets', (target) => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let cert: Certificate;
  let receiver: Receiver;
  let rebindCalls = 0;
  const asked: string[] = [];

  /** Table DNS; rebind.example.com answers a public address once (registration), then loopback. */
  const resolver: Resolver = async (hostname) => {
    asked.push(hostname);
    if (hostname === 'rebind.example.com') return ++rebindCalls === 1 ? [PUBLIC] : ['127.0.0.1'];
    const table: Record<string, string[]> = {
      'intranet.example.com': ['10.1.2.3'],
      'mixed.example.com': [PUBLIC, '192.168.0.10'],
      'loop6.example.com': ['::1'],
      'mapped.example.com': ['::ffff:169.254.169.254'],
      'nat64.example.com': ['64:ff9b::a9fe:a9fe'],
      'cgnat.example.com': ['100.64.12.1'],
      'ula.example.com': ['fd12:3456:789a::1'],
      '127.0.0.1.nip.io': ['127.0.0.1'],
      'zero.example.com': ['0.0.0.0'],
      'garbage.example.com': ['not-an-address'],
    };
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };

  beforeAll(async () => {
    database = await target.create();
    prisma = createPrisma(database.connectionString, { poolSize: 4 });
    cert = makeCertificate();
    receiver = await startReceiver(cert);
  });
  afterAll(async () => {
    await receiver?.close();
    cert?.remove();
    await prisma?.$disconnect();
    await database?.close();
  });

  test('at least 30 hostile targets are failed attempts with a clear error and no connection', async () => {
    const p = receiver.port;
    const targets = [
      `https://127.0.0.1:${p}/`,
      `https://localhost:${p}/`,
      `https://LOCALHOST.:${p}/`,
      `https://[::1]:${p}/`,
      `https://0.0.0.0:${p}/`,
      `https://2130706433:${p}/`, // decimal 127.0.0.1
      `https://0x7f.0.0.1:${p}/`, // hex
      `https://0177.0.0.1:${p}/`, // octal
      `https://127.1:${p}/`, // short form
      `https://[::ffff:127.0.0.1]:${p}/`, // IPv4-mapped
      `https://[::ffff:7f00:1]:${p}/`, // IPv4-mapped, hex
      `https://[::127.0.0.1]:${p}/`, // IPv4-compatible
      `https://[64:ff9b::7f00:1]:${p}/`, // NAT64 of loopback
      'https://[64:ff9b::a9fe:a9fe]/latest/meta-data/', // NAT64 of the metadata address
      'https://[64:ff9b:1::a00:1]/', // NAT64 local-use
      'https://169.254.169.254/latest/meta-data/', // cloud metadata
      'https://[fd00:ec2::254]/latest/meta-data/', // EC2 metadata over IPv6
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://10.0.0.1/',
      'https://172.16.5.4/',
      'https://192.168.1.1/',
      'https://100.64.0.1/', // carrier-grade NAT
      'https://198.18.0.1/', // benchmarking
      'https://192.0.2.1/', // TEST-NET-1
      'https://224.0.0.1/', // multicast
      'https://255.255.255.255/', // broadcast
      'https://[fe80::1]/', // link-local
      'https://[fc00::1]/', // unique local
      'https://[::]/', // unspecified
      `https://[2002:7f00:1::]:${p}/`, // 6to4 of loopback
      'https://[2001:db8::1]/', // documentation
      'https://[ff02::1]/', // multicast
      'https://printer.local/',
      'https://intranet/', // single label
      'https://intranet.example.com/', // resolves to 10.1.2.3
      'https://mixed.example.com/', // one public, one private answer
      `https://loop6.example.com:${p}/`, // resolves to ::1
      'https://mapped.example.com/', // resolves to ::ffff:169.254.169.254
      'https://nat64.example.com/', // resolves to NAT64 metadata
      'https://cgnat.example.com/',
      'https://ula.example.com/',
      `https://127.0.0.1.nip.io:${p}/`, // public-looking name, loopback answer
      `https://zero.example.com:${p}/`,
      'https://garbage.example.com/', // resolver answers something that is not an address
      'https://does-not-resolve.example.com/', // dispatch refuses a name that does not resolve
      `http://hooks.example.com:${p}/`, // not HTTPS (stored before the rule)
    ];
    expect(targets.length).toBeGreaterThanOrEqual(30);
    const account = await makeAccount(prisma);
    // The rebinding name passes registration through the service (public answer then) ...
    const rebind = await webhooksService(prisma, { resolver }).createWebhook(account.id, { url: `https://rebind.example.com:${p}/` });
    expect(rebindCalls).toBe(1);
    // ... the others are stored as rows registered before (the dispatcher judges them again).
    const subs = [rebind, ...(await Promise.all(targets.map((url) => makeStoredSubscription(prisma, account.id, url))))];
    await prisma.$transaction((tx) => appendEvents(tx, account.id, [domainEvent('credits.low', { balance: 1, threshold: 100, last_feature: 'x' })]));

    const agent = new CountingAgent({ ca: cert.cert });
    const dispatcher = webhookDispatcher({ prisma, resolver, agent });
    const stats = await dispatcher.drain();
    expect(stats).toMatchObject({ attempted: subs.length, failed: subs.length, succeeded: 0 });
    expect(agent.opened).toEqual([]);
    expect(receiver.connections()).toBe(0);
    expect(rebindCalls).toBe(2); // resolved again at dispatch, and refused on that answer

    const attempts = await prisma.webhookAttempt.findMany({
      where: { delivery: { subscriptionId: { in: subs.map((s) => s.id) } } },
      include: { delivery: { include: { subscription: { select: { url: true } } } } },
    });
    expect(attempts).toHaveLength(subs.length);
    for (const attempt of attempts) {
      expect({ url: attempt.delivery.subscription.url, success: attempt.success, status: attempt.responseStatus }).toEqual({
        url: attempt.delivery.subscription.url,
        success: false,
        status: null,
      });
      expect(attempt.error).toMatch(/^address refused: url (host|must)/);
    }
    const byUrl = new Map(attempts.map((a) => [a.delivery.subscription.url, a.error]));
    expect(byUrl.get(`https://rebind.example.com:${p}/`)).toBe('address refused: url host resolves to a non-public address');
    expect(byUrl.get('https://does-not-resolve.example.com/')).toBe('address refused: url host did not resolve');
    expect(byUrl.get('https://169.254.169.254/latest/meta-data/')).toBe('address refused: url host is not a public address');
    expect(byUrl.get(`http://hooks.example.com:${p}/`)).toBe('address refused: url must use https');
    const counters = await prisma.webhookSubscription.findMany({ where: { id: { in: subs.map((s) => s.id) } } });
    expect(counters.every((s) => s.totalFired === 1 && s.totalFailed === 1 && s.failCount === 1 && s.lastStatus === null)).toBe(true);
    await dispatcher.stop();

    // Positive control: the same counters see a connection the dispatcher is allowed to open.
    const controlAccount = await makeAccount(prisma);
    await makeStoredSubscription(prisma, controlAccount.id, receiver.url('/control'));
    await prisma.$transaction((tx) => appendEvents(tx, controlAccount.id, [domainEvent('credits.low', { balance: 1, threshold: 100, last_feature: 'x' })]));
    const allowed = webhookDispatcher({ prisma, resolver: async () => ['127.0.0.1'], agent, allowHosts: ['localhost'] });
    expect(await allowed.drain()).toMatchObject({ attempted: 1, succeeded: 1 });
    expect(agent.opened).toEqual([`127.0.0.1:${p}`]);
    expect(receiver.connections()).toBe(1);
    await allowed.stop();
    agent.destroy();
  });
});

// Webhook URL safety (SSRF guard): shape errors, hostile hosts, IP literal tricks, DNS answers,
// time-outs, the test allow-list and the dispatch-time re-check. No network: resolvers are injected.
import { AppError } from '../../src/errors.ts';
import { checkWebhookUrl, isPublicUnicast, resolveSafeTarget, type Resolver } from '../../src/domain/webhooks/index.ts';

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

function notFound(hostname: string): Error & { code: string } {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}

/** A resolver answering from a table; unknown names fail like getaddrinfo's ENOTFOUND. */
function tableResolver(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (hostname: string): Promise<string[]> => {
    calls.push(hostname);
    const answer = table[hostname];
    if (!answer) throw notFound(hostname);
    return answer;
  };
  return Object.assign(resolver, { calls });
}

const dns = tableResolver({
  'hooks.example.com': [PUBLIC_V4, PUBLIC_V6],
  'private.example.com': ['10.0.0.5'],
  'mixed.example.com': [PUBLIC_V4, '192.168.10.20'],
  'mixed6.example.com': [PUBLIC_V6, 'fd00::1'],
  'loop6.example.com': ['::1'],
  'mapped.example.com': ['::ffff:192.168.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'loopback.example.com': ['127.0.0.1'],
  'garbage.example.com': ['not-an-address'],
  'zoned.example.com': ['fe80::1%eth0'],
  'nat64.example.com': ['64:ff9b::a9fe:a9fe'],
  'receiver.test': ['127.0.0.1'],
  'sub.receiver.test': ['127.0.0.1'],
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('checkWebhookUrl refuses hostile input', () => {
  const longUrl = `https://hooks.example.com/${'a'.repeat(2048)}`;
  const cases: Array<[string, unknown, 'invalid_url' | 'unsafe_url']> = [
    // Shape: invalid_url
    ['plain http', 'http://hooks.example.com/x', 'invalid_url'],
    ['ftp scheme', 'ftp://hooks.example.com/x', 'invalid_url'],
    ['javascript scheme', 'javascript:alert(1)', 'invalid_url'],
    ['file scheme', 'file:///etc/passwd', 'invalid_url'],
    ['not a URL', 'not a url', 'invalid_url'],
    ['relative URL', '/webhooks/x', 'invalid_url'],
    ['empty string', '', 'invalid_url'],
    ['not a string (number)', 42, 'invalid_url'],
    ['not a string (null)', null, 'invalid_url'],
    ['not a string (object)', { href: 'https://hooks.example.com/' }, 'invalid_url'],
    ['user info with password', 'https://user:pass@hooks.example.com/', 'invalid_url'],
    ['user info, name only', 'https://user@hooks.example.com/', 'invalid_url'],
    ['user info hiding the real host', 'https://hooks.example.com@127.0.0.1/', 'invalid_url'],
    ['over-long URL', longUrl, 'invalid_url'],
    ['no host at all', 'https://', 'invalid_url'],
    ['port but no host', 'https://:443/', 'invalid_url'],
    ['host made of dots only', 'https://./', 'invalid_url'],
    ['host made of dots only (two)', 'https://../', 'invalid_url'],
    ['zone id in an IPv6 literal', 'https://[fe80::1%25eth0]/', 'invalid_url'],
    ['empty authority (WHATWG reads "path" as the host: a single label)', 'https:///path', 'unsafe_url'],
    // Special names
    ['localhost', 'https://localhost/hook', 'unsafe_url'],
    ['localhost with port', 'https://localhost:8443/hook', 'unsafe_url'],
    ['LOCALHOST in capitals', 'https://LOCALHOST/hook', 'unsafe_url'],
    ['localhost with trailing dot', 'https://localhost./hook', 'unsafe_url'],
    ['sub.localhost', 'https://sub.localhost/hook', 'unsafe_url'],
    ['localhost in enclosed alphanumerics (IDNA-mapped)', 'https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/', 'unsafe_url'],
    ['metadata.google.internal', 'https://metadata.google.internal/computeMetadata/v1/', 'unsafe_url'],
    ['printer.local', 'https://printer.local/', 'unsafe_url'],
    ['nas.localdomain', 'https://nas.localdomain/', 'unsafe_url'],
    ['router.home.arpa', 'https://router.home.arpa/', 'unsafe_url'],
    ['single label intranet', 'https://intranet/hook', 'unsafe_url'],
    ['single label with trailing dot', 'https://intranet./hook', 'unsafe_url'],
    // IPv4 literals in every spelling the WHATWG parser normalizes
    ['127.1 shorthand', 'https://127.1/', 'unsafe_url'],
    ['decimal 2130706433', 'https://2130706433/', 'unsafe_url'],
    ['hex 0x7f.0.0.1', 'https://0x7f.0.0.1/', 'unsafe_url'],
    ['octal 017700000001', 'https://017700000001/', 'unsafe_url'],
    ['hex 0x7f000001', 'https://0x7f000001/', 'unsafe_url'],
    ['fullwidth digits １２７.０.０.１', 'https://１２７.０.０.１/', 'unsafe_url'],
    ['loopback with trailing dot', 'https://127.0.0.1./', 'unsafe_url'],
    ['0 (this host)', 'https://0/', 'unsafe_url'],
    ['10.1.2.3', 'https://10.1.2.3/', 'unsafe_url'],
    ['172.16.0.1', 'https://172.16.0.1/', 'unsafe_url'],
    ['172.31.255.255', 'https://172.31.255.255/', 'unsafe_url'],
    ['192.168.1.1', 'https://192.168.1.1/', 'unsafe_url'],
    ['169.254.169.254 (metadata)', 'https://169.254.169.254/latest/meta-data/', 'unsafe_url'],
    ['100.64.0.1 (CGNAT)', 'https://100.64.0.1/', 'unsafe_url'],
    ['0.0.0.0', 'https://0.0.0.0/', 'unsafe_url'],
    ['255.255.255.255', 'https://255.255.255.255/', 'unsafe_url'],
    ['224.0.0.1 multicast', 'https://224.0.0.1/', 'unsafe_url'],
    ['198.18.0.1 benchmarking', 'https://198.18.0.1/', 'unsafe_url'],
    ['203.0.113.7 documentation', 'https://203.0.113.7/', 'unsafe_url'],
    // IPv6 literals
    ['[::1]', 'https://[::1]/', 'unsafe_url'],
    ['[::]', 'https://[::]/', 'unsafe_url'],
    ['[::ffff:127.0.0.1] mapped', 'https://[::ffff:127.0.0.1]/', 'unsafe_url'],
    ['[::ffff:7f00:1] mapped, hex', 'https://[::ffff:7f00:1]/', 'unsafe_url'],
    ['[::127.0.0.1] compatible', 'https://[::127.0.0.1]/', 'unsafe_url'],
    ['[64:ff9b::a00:1] NAT64 of 10.0.0.1', 'https://[64:ff9b::a00:1]/', 'unsafe_url'],
    ['[2002:a00:1::] 6to4 of 10.0.0.1', 'https://[2002:a00:1::]/', 'unsafe_url'],
    ['[fd00:ec2::254] EC2 metadata', 'https://[fd00:ec2::254]/', 'unsafe_url'],
    ['[fe80::1] link-local', 'https://[fe80::1]/', 'unsafe_url'],
    ['[ff02::1] multicast', 'https://[ff02::1]/', 'unsafe_url'],
    ['[2001:db8::1] documentation', 'https://[2001:db8::1]/', 'unsafe_url'],
    // DNS answers
    ['name resolving to 10.0.0.5', 'https://private.example.com/x', 'unsafe_url'],
    ['name resolving to public AND private', 'https://mixed.example.com/x', 'unsafe_url'],
    ['name resolving to public AND unique-local IPv6', 'https://mixed6.example.com/x', 'unsafe_url'],
    ['name resolving to ::1', 'https://loop6.example.com/x', 'unsafe_url'],
    ['name resolving to ::ffff:192.168.0.1', 'https://mapped.example.com/x', 'unsafe_url'],
    ['name resolving to the metadata address', 'https://metadata.example.com/x', 'unsafe_url'],
    ['name resolving to NAT64 of 169.254.169.254', 'https://nat64.example.com/x', 'unsafe_url'],
    ['name resolving to garbage', 'https://garbage.example.com/x', 'unsafe_url'],
    ['name resolving to a zoned address', 'https://zoned.example.com/x', 'unsafe_url'],
  ];

  test('the table is large enough', () => {
    expect(cases.length).toBeGreaterThanOrEqual(35);
  });

  test.each(cases)('%s', async (_label, raw, expected) => {
    await expect(codeOf(checkWebhookUrl(raw, { resolver: dns }))).resolves.toBe(expected);
  });

  test('errors are AppErrors with a message', async () => {
    const error = await checkWebhookUrl('http://hooks.example.com/', { resolver: dns }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/https/);
    const unsafe = await checkWebhookUrl('https://10.0.0.1/', { resolver: dns }).catch((e: unknown) => e);
    expect((unsafe as AppError).code).toBe('unsafe_url');
    expect((unsafe as AppError).message).not.toBe('unsafe_url');
  });

  test('the WHATWG parser normalizes the numeric IPv4 forms we rely on', () => {
    for (const raw of ['https://127.1/', 'https://2130706433/', 'https://0x7f.0.0.1/', 'https://017700000001/']) {
      expect(new URL(raw).hostname).toBe('127.0.0.1');
    }
    expect(new URL('https://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
  });

  test('a 2,048-character URL is still accepted, one more is not', async () => {
    const base = 'https://hooks.example.com/';
    const exact = base + 'a'.repeat(2048 - base.length);
    expect(exact).toHaveLength(2048);
    await expect(checkWebhookUrl(exact, { resolver: dns })).resolves.toMatchObject({ addresses: [PUBLIC_V4, PUBLIC_V6] });
    await expect(codeOf(checkWebhookUrl(exact + 'a', { resolver: dns }))).resolves.toBe('invalid_url');
  });

  test('IP literals and special names are refused without any DNS query', async () => {
    const resolver = tableResolver({});
    for (const raw of ['https://127.1/', 'https://[::1]/', 'https://localhost/', 'https://intranet/']) {
      await expect(codeOf(checkWebhookUrl(raw, { resolver }))).resolves.toBe('unsafe_url');
    }
    expect(resolver.calls).toEqual([]);
  });
});

describe('checkWebhookUrl accepts public targets', () => {
  test('a name with public A and AAAA answers', async () => {
    const result = await checkWebhookUrl('https://hooks.example.com/x', { resolver: dns });
    expect(result.url).toBeInstanceOf(URL);
    expect(result.url.href).toBe('https://hooks.example.com/x');
    expect(result.addresses).toEqual([PUBLIC_V4, PUBLIC_V6]);
  });

  test('the returned URL is the normalized one', async () => {
    const result = await checkWebhookUrl('HTTPS://Hooks.Example.COM:443/a/../x', { resolver: dns });
    expect(result.url.href).toBe('https://hooks.example.com/x');
    expect(result.addresses).toEqual([PUBLIC_V4, PUBLIC_V6]);
  });

  test('a public IPv4 literal', async () => {
    const resolver = tableResolver({});
    await expect(checkWebhookUrl('https://8.8.8.8/', { resolver })).resolves.toMatchObject({ addresses: ['8.8.8.8'] });
    expect(resolver.calls).toEqual([]);
  });

  test('a public IPv6 literal in 2001::/16 but outside 2001::/23', async () => {
    const result = await checkWebhookUrl('https://[2001:4860:4860::8888]/', { resolver: dns });
    expect(result.addresses).toEqual(['2001:4860:4860::8888']);
  });

  test('a public IPv4-mapped literal', async () => {
    await expect(checkWebhookUrl('https://[::ffff:8.8.8.8]/', { resolver: dns })).resolves.toMatchObject({
      addresses: ['::ffff:808:808'],
    });
  });

  test('a name that does not resolve is accepted with no addresses', async () => {
    const result = await checkWebhookUrl('https://not-yet.example.org/hook', { resolver: dns });
    expect(result.addresses).toEqual([]);
    expect(result.url.hostname).toBe('not-yet.example.org');
  });

  test('a resolver answering with no addresses counts as not resolving', async () => {
    const empty: Resolver = async () => [];
    await expect(checkWebhookUrl('https://hooks.example.com/', { resolver: empty })).resolves.toMatchObject({ addresses: [] });
  });

  test('a resolver that throws synchronously counts as not resolving', async () => {
    const broken: Resolver = () => {
      throw notFound('x');
    };
    await expect(checkWebhookUrl('https://hooks.example.com/', { resolver: broken })).resolves.toMatchObject({ addresses: [] });
  });

  test('a resolver that never answers: accepted after the time-out', async () => {
    const hanging: Resolver = () => new Promise<string[]>(() => {});
    // The resolver never settles: an answer at all shows the time-out ended the wait (no
    // wall-clock assertion, which a loaded machine can break).
    const result = await checkWebhookUrl('https://slow.example.com/hook', { resolver: hanging, timeoutMs: 50 });
    expect(result.addresses).toEqual([]);
  });

  test('a late private answer after the time-out does not matter, and is not an unhandled rejection', async () => {
    // The resolver fails only when the test says so, after the check has answered (not on a
    // timer racing the time-out).
    const pending: Array<() => void> = [];
    const late: Resolver = () => new Promise<string[]>((_resolve, reject) => pending.push(() => reject(notFound('x'))));
    await expect(checkWebhookUrl('https://late.example.com/', { resolver: late, timeoutMs: 20 })).resolves.toMatchObject({
      addresses: [],
    });
    expect(pending.length).toBeGreaterThan(0);
    for (const fail of pending) fail();
    // Let the rejection be delivered: an unhandled one would fail the test run.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  });

  test('an allow-listed host resolving to 127.0.0.1 is accepted (test receivers only)', async () => {
    const result = await checkWebhookUrl('https://receiver.test:8443/hook', { resolver: dns, allowHosts: ['receiver.test'] });
    expect(result.addresses).toEqual(['127.0.0.1']);
  });

  test('the allow-list is exact: other names are still checked', async () => {
    const options = { resolver: dns, allowHosts: ['receiver.test'] };
    await expect(codeOf(checkWebhookUrl('https://loopback.example.com/', options))).resolves.toBe('unsafe_url');
    await expect(codeOf(checkWebhookUrl('https://sub.receiver.test/', options))).resolves.toBe('unsafe_url');
    await expect(codeOf(checkWebhookUrl('https://127.0.0.1/', options))).resolves.toBe('unsafe_url');
  });

  test('the allow-list does not lift the shape rules', async () => {
    const options = { resolver: dns, allowHosts: ['receiver.test'] };
    await expect(codeOf(checkWebhookUrl('http://receiver.test/', options))).resolves.toBe('invalid_url');
    await expect(codeOf(checkWebhookUrl('https://u:p@receiver.test/', options))).resolves.toBe('invalid_url');
  });
});

describe('resolveSafeTarget (dispatch)', () => {
  test('returns the checked addresses of a public name', async () => {
    await expect(resolveSafeTarget(new URL('https://hooks.example.com/x'), { resolver: dns })).resolves.toEqual([PUBLIC_V4, PUBLIC_V6]);
  });

  test('returns the literal for a public IP literal', async () => {
    await expect(resolveSafeTarget(new URL('https://8.8.8.8/'), { resolver: dns })).resolves.toEqual(['8.8.8.8']);
  });

  test('refuses a name that does not resolve', async () => {
    await expect(codeOf(resolveSafeTarget(new URL('https://gone.example.org/'), { resolver: dns }))).resolves.toBe('unsafe_url');
  });

  test('refuses a name whose resolution times out', async () => {
    const hanging: Resolver = () => new Promise<string[]>(() => {});
    await expect(codeOf(resolveSafeTarget(new URL('https://slow.example.com/'), { resolver: hanging, timeoutMs: 50 }))).resolves.toBe('unsafe_url');
  });

  test('refuses a DNS answer that changed to a private address after registration (rebinding)', async () => {
    let call = 0;
    const rebinding: Resolver = async () => (++call === 1 ? [PUBLIC_V4] : ['10.0.0.7']);
    const { url, addresses } = await checkWebhookUrl('https://rebind.example.com/hook', { resolver: rebinding });
    expect(addresses).toEqual([PUBLIC_V4]);
    await expect(codeOf(resolveSafeTarget(url, { resolver: rebinding }))).resolves.toBe('unsafe_url');
    expect(call).toBe(2);
  });

  test('re-applies the shape and name rules to a stored URL', async () => {
    await expect(codeOf(resolveSafeTarget(new URL('http://hooks.example.com/'), { resolver: dns }))).resolves.toBe('invalid_url');
    await expect(codeOf(resolveSafeTarget(new URL('https://a:b@hooks.example.com/'), { resolver: dns }))).resolves.toBe('invalid_url');
    await expect(codeOf(resolveSafeTarget(new URL('https://metadata.google.internal/'), { resolver: dns }))).resolves.toBe('unsafe_url');
    await expect(codeOf(resolveSafeTarget(new URL('https://[::1]/'), { resolver: dns }))).resolves.toBe('unsafe_url');
    await expect(codeOf(resolveSafeTarget('https://hooks.example.com/' as unknown as URL, { resolver: dns }))).resolves.toBe('invalid_url');
  });

  test('an allow-listed host still has to resolve at dispatch', async () => {
    const options = { resolver: dns, allowHosts: ['receiver.test', 'gone.test'] };
    await expect(resolveSafeTarget(new URL('https://receiver.test:8443/'), options)).resolves.toEqual(['127.0.0.1']);
    await expect(codeOf(resolveSafeTarget(new URL('https://gone.test/'), options))).resolves.toBe('unsafe_url');
  });
});

describe('isPublicUnicast', () => {
  const publicAddresses = [
    '8.8.8.8',
    '1.1.1.1',
    PUBLIC_V4,
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above CGNAT
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above 172.16/12
    '192.0.1.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    PUBLIC_V6,
    '2001:4860:4860::8888', // Google, in 2001::/16 but outside 2001::/23
    '2001:200::1', // first block after 2001::/23
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8', // mapped, judged by the IPv4
    '::ffff:808:808',
    '0:0:0:0:0:ffff:8.8.8.8',
    '::FFFF:8.8.8.8',
    '2606:2800:21f:cb07:6820:80da:5db8:d70e', // ordinary global address
    '2606:2800:21f:cb07:6820:80da:93.184.215.14', // the same written with a dotted tail
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
  ];

  const nonPublic = [
    // IPv4
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.1',
    '192.0.0.170',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.0.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6
    '::',
    '::1',
    '::127.0.0.1', // IPv4-compatible: always refused
    '::8.8.8.8', // IPv4-compatible: always refused, even for a public IPv4 (ipaddr.js alone reads it as mapped)
    '::808:808', // the same, in hex
    '::0:8.8.8.8',
    '0:0:0:0:0:0:8.8.8.8',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:0:8.8.8.8', // IPv4-translated: always refused
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '64:ff9b::7f00:1',
    '64:ff9b:1::808:808', // NAT64 local-use: always refused
    '2002:a00:1::', // 6to4 of 10.0.0.1
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::', // 6to4 of the metadata address
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo, client 192.0.2.45
    '2001:0:a00:1:8000:63bf:f7f7:f7f7', // Teredo, server 10.0.0.1
    '2001::1', // Teredo prefix, server 0.0.0.0
    '2001:2::1', // benchmarking
    '2001:10::1', // ORCHID
    '2001:1ff::1', // still 2001::/23
    '2001:db8::1',
    '2001:db8:ffff::1',
    '3fff::1',
    '100::1',
    'fc00::1',
    'fd00::1',
    'fd00:ec2::254',
    'fe80::1',
    'febf::1',
    'fec0::1',
    'ff02::1',
    'ff05::1:3',
    '5f00::1',
    '4000::1', // outside 2000::/3
    // Zone ids
    'fe80::1%eth0',
    'fe80::1%1',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c%eth0',
    // Unparseable or non-canonical
    '',
    'localhost',
    'example.com',
    '127.1',
    '2130706433',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '010.0.0.1',
    '08.8.8.8',
    '8.8.8.256',
    '8.8.8',
    '8.8.8.8.8',
    ' 8.8.8.8',
    '8.8.8.8 ',
    '[::1]',
    '[2001:4860:4860::8888]',
    ':::1',
    '1::2::3',
    '::ffff:0x7f.0.0.1',
    '::ffff:127.1',
    '::ffff:0177.0.0.1',
    '::ffff:1.2.3.4.5',
    '::ffff:1.2.3.4:1',
    '1.2.3.4::',
    '::ffff:.1.2.3',
    'gggg::1',
    '2001:4860:4860::8888/128',
  ];

  test.each(publicAddresses)('%s is public unicast', (address) => {
    expect(isPublicUnicast(address)).toBe(true);
  });

  test.each(nonPublic)('%j is refused', (address) => {
    expect(isPublicUnicast(address)).toBe(false);
  });

  test('non-string input is refused', () => {
    for (const value of [undefined, null, 42, {}, ['8.8.8.8']]) {
      expect(isPublicUnicast(value as unknown as string)).toBe(false);
    }
  });
});

// Issue 14 item 7: webhook URLs refuse the host-agent address 168.63.129.16, host names beyond DNS
// limits, and every port but 443 and unprivileged ports that are not database or cache ports, at
// registration and again at dispatch. No network: the resolver is injected.
import { AppError } from '../../src/errors.ts';
import { checkWebhookUrl, resolveSafeTarget, type Resolver } from '../../src/domain/webhooks/index.ts';
import { BLOCKED_PORTS } from '../../src/domain/webhooks/url-rules.ts';

const resolver: Resolver = async (host) => (host.endsWith('.example.com') ? ['93.184.215.14'] : host === 'agent.example.net' ? ['168.63.129.16'] : []);

async function codeAt(url: string, mode: 'register' | 'dispatch'): Promise<string> {
  try {
    if (mode === 'register') await checkWebhookUrl(url, { resolver });
    else await resolveSafeTarget(new URL(url), { resolver });
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const label = (n: number) => 'a'.repeat(n);

test.each(['register', 'dispatch'] as const)('webhook URL rules at %s', async (mode) => {
  const refused: Array<[string, string]> = [
    ['https://168.63.129.16/', 'unsafe_url'],
    ['https://agent.example.net/', 'unsafe_url'],
    ['https://[::ffff:168.63.129.16]/', 'unsafe_url'],
    ['https://hooks.example.com:0/', 'unsafe_url'],
    ['https://hooks.example.com:22/', 'unsafe_url'],
    ['https://hooks.example.com:80/', 'unsafe_url'],
    ['https://hooks.example.com:1023/', 'unsafe_url'],
    ...[...BLOCKED_PORTS].map((port): [string, string] => [`https://hooks.example.com:${port}/`, 'unsafe_url']),
    [`https://${label(64)}.example.com/`, 'invalid_url'],
    [`https://${Array.from({ length: 5 }, () => label(60)).join('.')}.example.com/`, 'invalid_url'],
  ];
  for (const [url, code] of refused) expect({ url, code: await codeAt(url, mode) }).toEqual({ url, code });
  const accepted = [
    'https://hooks.example.com/',
    'https://hooks.example.com:443/x',
    'https://hooks.example.com:8443/x',
    'https://hooks.example.com:1024/x',
    `https://${label(63)}.example.com/`,
    `https://${Array.from({ length: 3 }, () => label(63)).join('.')}.example.com/`,
  ];
  for (const url of accepted) expect({ url, code: await codeAt(url, mode) }).toEqual({ url, code: 'ok' });
});

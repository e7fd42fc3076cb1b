// Webhook URL safety (SSRF guard). Accounts register HTTPS URLs that the service later calls; this
// module makes sure such a URL can never point the service at a loopback, private, link-local,
// metadata or otherwise non-public address (ports and DNS limits: url-rules.ts).
// Two entry points (decisions.md, "Webhooks"):
// - checkWebhookUrl: at registration. Shape errors are `invalid_url`; a host that is, or resolves to,
//   any non-public address is `unsafe_url`. A name that does not resolve (or does not answer within
//   timeoutMs, 2 s by default) is accepted, with no addresses, since dispatch checks again.
// - resolveSafeTarget: at every dispatch. The same checks, but a name that does not resolve is refused
//   too, and the checked addresses are returned so the dispatcher connects to one of them without a
//   second resolution (no DNS-rebinding window between check and connect).
//
// Address policy (isPublicUnicast) is an allow-list: an address is public only when ipaddr.js
// classifies it as plain 'unicast' AND it is outside our own explicit list of special ranges (kept
// here as defence in depth, so a change of the library's tables cannot widen what we accept). IPv6
// must in addition lie inside the global unicast allocation 2000::/3.
//
// IPv6 forms that embed an IPv4 address (choices):
// - IPv4-mapped ::ffff:a.b.c.d        -> judged by the embedded IPv4 (it is what the socket reaches).
// - NAT64 well-known 64:ff9b::/96     -> judged by the embedded IPv4 (low 32 bits, RFC 6052).
// - 6to4 2002::/16                    -> judged by the embedded IPv4 (bits 16..47, RFC 3056).
// - Teredo 2001:0::/32                -> judged by BOTH the server IPv4 (bits 32..63) and the client
//                                        IPv4 (inverted low 32 bits); refused unless both are public.
// - IPv4-compatible ::a.b.c.d (::/96, deprecated, includes :: and ::1) -> always refused.
// - IPv4-translated ::ffff:0:a.b.c.d (RFC 6145)                        -> always refused.
// - NAT64 local-use 64:ff9b:1::/48 (RFC 8215; the IPv4 position depends on the operator's prefix
//   length, so it cannot be judged reliably)                            -> always refused.
// Addresses with a zone id (fe80::1%eth0) and anything that is not a strict textual IPv4 (four
// decimal parts) or IPv6 address are refused.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors.ts';
import { checkPortAndName } from './url-rules.ts';

export type Resolver = (hostname: string) => Promise<string[]>;

export interface CheckOptions {
  /** Name resolution; defaults to systemResolver. Must return every A and AAAA address. */
  resolver?: Resolver;
  /** How long to wait for the resolver, in milliseconds (default 2000). */
  timeoutMs?: number;
  /** Test-only: exact host names whose address checks are skipped (a local receiver). Default []. */
  allowHosts?: readonly string[];
}

export const MAX_URL_LENGTH = 2048;
export const DEFAULT_RESOLVE_TIMEOUT_MS = 2000;

/** The operating system's resolver (getaddrinfo, so /etc/hosts included), all A and AAAA answers. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};

// Address policy ------------------------------------------------------------------------------
type V4 = ipaddr.IPv4;
type V6 = ipaddr.IPv6;

const v4Cidr = (text: string): [V4, number] => ipaddr.IPv4.parseCIDR(text);
const v6Cidr = (text: string): [V6, number] => ipaddr.IPv6.parseCIDR(text);

/** IPv4 ranges never reachable by a webhook, independently of ipaddr.js's own table. */
const BLOCKED_V4: ReadonlyArray<[V4, number]> = [
  '0.0.0.0/8', // "this network", includes the unspecified address
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, includes the metadata address 169.254.169.254
  '168.63.129.16/32', // a cloud platform's host agent (wire server), reachable from its guests
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // TEST-NET-1
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // TEST-NET-2
  '203.0.113.0/24', // TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes the broadcast address 255.255.255.255
].map(v4Cidr);

/** IPv6 ranges never reachable by a webhook (most also fall outside 2000::/3; listed for clarity). */
const BLOCKED_V6: ReadonlyArray<[V6, number]> = [
  '::/96', // unspecified, loopback, IPv4-compatible
  '::ffff:0:0/96', // IPv4-mapped (judged separately before this list applies)
  '::ffff:0:0:0/96', // IPv4-translated
  '64:ff9b::/96', // NAT64 well-known prefix (judged separately)
  '64:ff9b:1::/48', // NAT64 local-use prefix
  '100::/64', // discard-only
  '2001::/23', // IETF protocol assignments, includes Teredo 2001::/32 (judged separately)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4 (judged separately)
  '3fff::/20', // documentation
  '5f00::/16', // segment routing
  'fc00::/7', // unique local, includes fd00:ec2::254 (EC2 metadata over IPv6)
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
].map(v6Cidr);

const GLOBAL_UNICAST_V6 = v6Cidr('2000::/3');
const NAT64_WELL_KNOWN = v6Cidr('64:ff9b::/96');
const SIX_TO_FOUR = v6Cidr('2002::/16');
const TEREDO = v6Cidr('2001::/32');

const STRICT_V4 = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;
const HEX_V6 = /^[0-9a-f:]+$/i;
const DOTTED_TAIL_V6 = /^([0-9a-f:]*:)([0-9.]+)$/i;

/**
 * Rewrites a trailing dotted IPv4 of an IPv6 address as two hex groups ("::ffff:1.2.3.4" ->
 * "::ffff:102:304"), or returns null when the tail is not a strict four-part decimal. Done here rather
 * than by ipaddr.js because its parser reads "::a.b.c.d" (IPv4-compatible, ::0:a.b:c.d per RFC 4291)
 * as the IPv4-MAPPED "::ffff:a.b.c.d", and accepts hex or octal parts in the tail.
 */
function hexOnlyV6(address: string): string | null {
  if (HEX_V6.test(address)) return address;
  const match = DOTTED_TAIL_V6.exec(address);
  const head = match?.[1];
  const tail = match?.[2];
  if (head === undefined || tail === undefined || !STRICT_V4.test(tail) || !ipaddr.IPv4.isValidFourPartDecimal(tail)) {
    return null;
  }
  const [a = 0, b = 0, c = 0, d = 0] = ipaddr.IPv4.parse(tail).octets;
  return `${head}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

function isPublicV4(address: V4): boolean {
  if (address.range() !== 'unicast') return false;
  return !BLOCKED_V4.some((range) => address.match(range));
}

const v4FromWords = (high: number, low: number): V4 => new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);

function isPublicV6(address: V6): boolean {
  const p = address.parts;
  const word = (i: number): number => p[i] ?? 0;
  // Forms embedding an IPv4 address, judged by that address (see the header comment).
  if (address.isIPv4MappedAddress()) return isPublicV4(address.toIPv4Address());
  if (address.match(NAT64_WELL_KNOWN)) return isPublicV4(v4FromWords(word(6), word(7)));
  if (address.match(SIX_TO_FOUR)) return isPublicV4(v4FromWords(word(1), word(2)));
  if (address.match(TEREDO)) {
    const server = v4FromWords(word(2), word(3));
    const client = v4FromWords(~word(6) & 0xffff, ~word(7) & 0xffff);
    return isPublicV4(server) && isPublicV4(client);
  }
  if (!address.match(GLOBAL_UNICAST_V6)) return false;
  if (address.range() !== 'unicast') return false;
  return !BLOCKED_V6.some((range) => address.match(range));
}

/**
 * True only for a strictly written IPv4 (four decimal parts) or IPv6 address (no zone id, no
 * brackets) that is public unicast. Everything else, including anything unparseable, is false.
 */
export function isPublicUnicast(address: string): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > 45) return false;
  if (address.includes('%')) return false; // zone id: scoped, never a public destination
  try {
    if (STRICT_V4.test(address)) {
      return ipaddr.IPv4.isValidFourPartDecimal(address) && isPublicV4(ipaddr.IPv4.parse(address));
    }
    if (address.includes(':')) {
      const hex = hexOnlyV6(address);
      if (hex === null || !ipaddr.IPv6.isValid(hex)) return false;
      const parsed = ipaddr.IPv6.parse(hex);
      return parsed.zoneId === undefined && isPublicV6(parsed);
    }
  } catch {
    return false;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// URL checks
// ---------------------------------------------------------------------------------------------

/** Special-use and intranet suffixes: the name itself or any name under it is refused. */
const BLOCKED_SUFFIXES = ['localhost', 'internal', 'local', 'localdomain', 'home.arpa'] as const;

const invalid = (message: string): AppError => new AppError('invalid_url', message, { param: 'url' });
const unsafe = (message: string): AppError => new AppError('unsafe_url', message, { param: 'url' });

/** Host name as compared: lower case (the URL parser already did it), without trailing dots. */
const normalizeHost = (host: string): string => host.toLowerCase().replace(/\.+$/, '');

function parseUrl(raw: unknown): URL {
  if (typeof raw !== 'string') throw invalid('url must be a string');
  if (raw.length > MAX_URL_LENGTH) throw invalid(`url must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('url is not a valid absolute URL');
  }
  return url;
}

/** The shape rules, applied at registration and again at dispatch. */
function checkShape(url: URL): string {
  if (url.href.length > MAX_URL_LENGTH) throw invalid(`url must be at most ${MAX_URL_LENGTH} characters`);
  if (url.protocol !== 'https:') throw invalid('url must use https');
  if (url.username !== '' || url.password !== '') throw invalid('url must not contain user information');
  const host = normalizeHost(url.hostname);
  if (host === '' || host === '[]') throw invalid('url must have a host');
  checkPortAndName(url, host);
  return host;
}

type Literal = { kind: 'ipv4' | 'ipv6'; address: string };

/** After WHATWG parsing every IPv4 form (127.1, 0x7f.0.0.1, 2130706433...) is dotted decimal. */
function ipLiteral(host: string): Literal | null {
  if (host.startsWith('[') && host.endsWith(']')) return { kind: 'ipv6', address: host.slice(1, -1) };
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return { kind: 'ipv4', address: host };
  return null;
}

function checkName(host: string): void {
  for (const suffix of BLOCKED_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) {
      throw unsafe(`url host must not be a local or internal name (.${suffix})`);
    }
  }
  if (!host.includes('.')) throw unsafe('url host must be a fully qualified public name, not a single label');
}

const RESOLUTION_TIMED_OUT = Symbol('timeout');

/** The resolver's answer, or null when the name did not resolve, failed or took too long. */
async function resolveWithTimeout(host: string, resolver: Resolver, timeoutMs: number): Promise<string[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof RESOLUTION_TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(RESOLUTION_TIMED_OUT), Math.max(0, timeoutMs));
    timer.unref?.();
  });
  try {
    // Promise.resolve().then(...) also turns a synchronous throw of the resolver into a rejection.
    const answer = await Promise.race([Promise.resolve().then(() => resolver(host)), timeout]);
    if (answer === RESOLUTION_TIMED_OUT || !Array.isArray(answer)) return null;
    return answer;
  } catch {
    return null; // ENOTFOUND, ENODATA, EAI_AGAIN, SERVFAIL...: "does not resolve"
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

type Mode = 'register' | 'dispatch';

async function checkTarget(url: URL, options: CheckOptions, mode: Mode): Promise<string[]> {
  const host = checkShape(url);
  const allowHosts = (options.allowHosts ?? []).map(normalizeHost);
  const allowed = allowHosts.includes(host);
  const literal = ipLiteral(host);

  if (literal) {
    if (literal.kind === 'ipv6' && literal.address.includes('%')) throw unsafe('url host must not carry a zone id');
    if (!allowed && !isPublicUnicast(literal.address)) throw unsafe('url host is not a public address');
    return [literal.address];
  }

  if (!allowed) checkName(host);

  const resolver = options.resolver ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? DEFAULT_RESOLVE_TIMEOUT_MS;
  const answer = await resolveWithTimeout(host, resolver, timeoutMs);
  const addresses = answer === null ? [] : [...new Set(answer)];

  if (addresses.length === 0) {
    if (mode === 'dispatch') throw unsafe('url host did not resolve');
    return [];
  }
  if (!allowed) {
    for (const address of addresses) {
      if (typeof address !== 'string' || !isPublicUnicast(address)) {
        throw unsafe('url host resolves to a non-public address');
      }
    }
  }
  return addresses;
}

/** Registration-time check. Returns the normalized URL and the addresses it resolved to (empty when it did not resolve). */
export async function checkWebhookUrl(raw: unknown, options: CheckOptions = {}): Promise<{ url: URL; addresses: string[] }> {
  const url = parseUrl(raw);
  const addresses = await checkTarget(url, options, 'register');
  return { url, addresses };
}

/**
 * Dispatch-time check: like checkWebhookUrl, but a name that does not resolve is refused too. Returns
 * the checked addresses; the dispatcher must connect to one of them (no second resolution).
 */
export async function resolveSafeTarget(url: URL, options: CheckOptions = {}): Promise<string[]> {
  if (!(url instanceof URL)) throw invalid('url is not a valid absolute URL');
  return checkTarget(url, options, 'dispatch');
}

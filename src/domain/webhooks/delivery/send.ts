// One HTTPS POST to an address that was already checked: the socket goes to that IP (no second
// name resolution, so DNS rebinding cannot redirect it), TLS verifies the certificate for the URL's
// host name (SNI and Host are the URL's). Redirects are not followed, the whole attempt has one
// deadline, and at most `maxResponseBytes` of the answer are read.
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { RESPONSE_BODY_BYTES, responseExcerpt } from '../rules.ts';

export interface SendOptions {
  agent: https.Agent;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Aborts the attempt (dispatcher shutdown past its grace period). */
  signal?: AbortSignal;
}

export interface SendOutcome {
  /** The HTTP status received, or null when there was no answer. */
  status: number | null;
  success: boolean;
  error: string | null;
  /** The first 1 KB of the answer's body, when there was an answer. */
  responseBody?: string | null;
}

/** Connection errors after which the next checked address is tried (nothing was sent). */
const TRY_NEXT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EAFNOSUPPORT']);

/** The socket is opened to an IP literal, so Node never resolves; should it ever try, refuse. */
const noLookup: LookupFunction = (hostname, _options, callback) => {
  callback(Object.assign(new Error(`refusing to resolve ${hostname} at connect time`), { code: 'ENOLOOKUP' }), '', 4);
};

const describe = (error: unknown): string => {
  const e = error as NodeJS.ErrnoException;
  const code = e?.code && !String(e.message).includes(e.code) ? ` (${e.code})` : '';
  return `${e?.message ?? String(error)}${code}`.slice(0, 500);
};

type Once = SendOutcome & { retryNextAddress: boolean };

/** What a request to a URL needs from it, read once per URL object (the dispatcher reuses a checked URL for seconds). */
interface Shape {
  host: string;
  port: number;
  path: string;
  /** Certificate checked for the URL's name; an IP-literal URL is checked against its IP (no SNI). */
  servername: string;
}
const shapes = new WeakMap<URL, Shape>();
function requestShape(url: URL): Shape {
  let shape = shapes.get(url);
  if (!shape) {
    const name = url.hostname;
    const literal = name.startsWith('[') || isIP(name) !== 0;
    shape = { host: url.host, port: url.port ? Number(url.port) : 443, path: `${url.pathname}${url.search}`, servername: literal ? '' : name };
    shapes.set(url, shape);
  }
  return shape;
}

// One 'abort' listener per signal, whatever the number of sends in flight: an EventTarget listener
// added and removed per attempt was a visible share of a delivery's CPU.
const abortHooks = new WeakMap<AbortSignal, Set<() => void>>();
function onAbort(signal: AbortSignal, hook: () => void): () => void {
  let hooks = abortHooks.get(signal);
  if (!hooks) {
    const created = new Set<() => void>();
    signal.addEventListener('abort', () => [...created].forEach((run) => run()), { once: true });
    abortHooks.set(signal, (hooks = created));
  }
  hooks.add(hook);
  return () => hooks.delete(hook);
}

function postOnce(url: URL, address: string, headers: Record<string, string>, body: string, options: SendOptions, deadline: number): Promise<Once> {
  return new Promise<Once>((resolve) => {
    let settled = false;
    const finish = (outcome: Once) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      forgetAbort?.();
      resolve(outcome);
    };
    const shape = requestShape(url);
    // Headers as a flat list: written as they are, without the per-header bookkeeping of an object.
    const list: string[] = [];
    for (const name in headers) list.push(name, headers[name]!);
    list.push('Host', shape.host, 'Content-Length', String(Buffer.byteLength(body)));
    const req = https.request({
      host: address,
      port: shape.port,
      method: 'POST',
      path: shape.path,
      headers: list,
      servername: shape.servername,
      agent: options.agent,
      lookup: noLookup,
    });
    const timer = setTimeout(
      () => {
        const seconds = options.timeoutMs / 1000;
        finish({ status: null, success: false, error: `timed out after ${seconds} s`, retryNextAddress: false });
        req.destroy();
      },
      Math.max(0, deadline - Date.now()),
    );
    const forgetAbort = options.signal
      ? onAbort(options.signal, () => {
          finish({ status: null, success: false, error: 'aborted: the dispatcher stopped', retryNextAddress: false });
          req.destroy();
        })
      : null;

    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({ status: null, success: false, error: describe(error), retryNextAddress: TRY_NEXT.has(error.code ?? '') });
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const outcome: Once =
        status >= 200 && status < 300
          ? { status, success: true, error: null, retryNextAddress: false }
          : status >= 300 && status < 400
            ? {
                status,
                success: false,
                error: `redirect not followed (HTTP ${status}${res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : ''})`,
                retryNextAddress: false,
              }
            : { status, success: false, error: `receiver answered HTTP ${status}`, retryNextAddress: false };
      // The status decides; the body is drained (so the connection can be reused) up to the limit,
      // and its first 1 KB kept for the delivery log.
      let received = 0;
      const head: Buffer[] = [];
      const done = () => finish({ ...outcome, responseBody: responseExcerpt(Buffer.concat(head)) });
      res.on('data', (chunk: Buffer) => {
        if (received <= RESPONSE_BODY_BYTES) head.push(chunk.subarray(0, RESPONSE_BODY_BYTES + 1 - received));
        received += chunk.length;
        if (received > options.maxResponseBytes) {
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.end(body);
  });
}

/**
 * POSTs `body` to `url`, connecting to the checked `addresses` in order (the next one only when
 * the previous refused the connection), all within one `timeoutMs` deadline.
 */
export async function postToCheckedAddress(
  url: URL,
  addresses: readonly string[],
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  let last: SendOutcome = { status: null, success: false, error: 'no address to connect to' };
  for (const address of addresses) {
    const { retryNextAddress, ...outcome } = await postOnce(url, address, headers, body, options, deadline);
    last = outcome;
    if (!retryNextAddress || Date.now() >= deadline) break;
  }
  return last;
}

/** The dispatcher's agent: keep-alive sockets, at most `maxSockets` per destination; `extraCa` (tests) trusted beside the public roots. */
export function keepAliveAgent(maxSockets: number, extraCa: string | null): https.Agent {
  return new https.Agent({
    keepAlive: true,
    maxSockets,
    // One TLS context built once: a `ca` option would be rebuilt per connection and concatenated
    // into the agent's pool key on every request (measured: a tenth of the dispatcher's CPU).
    ...(extraCa ? { secureContext: createSecureContext({ ca: [...rootCertificates, extraCa] }) } : {}),
  });
}

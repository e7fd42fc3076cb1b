// A real HTTPS receiver for webhook tests and the benchmark: a self-signed certificate for
// localhost (made with the openssl CLI in a temporary folder), every request recorded with its raw
// body, every TCP connection counted, and a per-request behaviour chosen by the test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: Buffer;
  receivedAt: number;
}

/**
 * What to do with a request: answer (status, body, headers, after a delay, or once `until`
 * settles: a gate the test opens, for answers that must come after something else happened) or
 * never answer.
 */
export type Behaviour = { status: number; body?: string | Buffer; headers?: Record<string, string>; delayMs?: number; until?: Promise<unknown> } | 'hang';

export interface Certificate {
  dir: string;
  certFile: string;
  cert: string;
  key: string;
  remove(): void;
}

/** A self-signed certificate (its own CA) for localhost, 127.0.0.1 and ::1. */
export function makeCertificate(): Certificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'svc-webhook-cert-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
      ],
      { stdio: 'pipe' },
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the webhook tests need the openssl CLI to make a self-signed certificate: ${(error as Error).message}`);
  }
  return {
    dir,
    certFile,
    cert: readFileSync(certFile, 'utf8'),
    key: readFileSync(keyFile, 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Receiver {
  port: number;
  url(pathname: string): string;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far. */
  connections(): number;
  requestsTo(pathname: string): ReceivedRequest[];
  /** Sets the behaviour for a path; `n` is the 1-based count of requests to that path. */
  on(pathname: string, behave: (n: number, req: ReceivedRequest) => Behaviour): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(cert: Pick<Certificate, 'cert' | 'key'>, host = '127.0.0.1'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const behaviours = new Map<string, (n: number, req: ReceivedRequest) => Behaviour>();
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let connections = 0;

  const server = https.createServer({ cert: cert.cert, key: cert.key, keepAliveTimeout: 5_000 }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const pathname = new URL(req.url ?? '/', 'https://x').pathname;
      const record: ReceivedRequest = {
        method: req.method ?? '',
        path: pathname,
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
        receivedAt: Date.now(),
      };
      requests.push(record);
      const n = (counts.get(pathname) ?? 0) + 1;
      counts.set(pathname, n);
      for (const w of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const behaviour = behaviours.get(pathname)?.(n, record) ?? { status: 204 };
      if (behaviour === 'hang') return;
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(behaviour.status, behaviour.headers ?? {});
        res.end(behaviour.body ?? '');
      };
      if (behaviour.until) void behaviour.until.then(answer, answer);
      else if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: (pathname) => `https://localhost:${port}${pathname}`,
    requests,
    connections: () => connections,
    requestsTo: (pathname) => requests.filter((r) => r.path === pathname),
    on: (pathname, behave) => void behaviours.set(pathname, behave),
    waitFor(count, timeoutMs = 30_000) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver: ${requests.length} of ${count} requests after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Starts the service: database (embedded or server), migrations, optional demo data, HTTP, and
// graceful shutdown (finish in-flight requests, then close the pool and the embedded database).
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { buildServices, type Services } from './services.ts';
import { buildApp } from './http/app.ts';
import { ensureDemo, type DemoInfo } from './domain/demo/setup.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  services: Services;
  url: string;
  demo: DemoInfo | null;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Seed the demo account when the database has no account, and make sure a demo key exists. */
  demo?: boolean;
  logger?: Parameters<typeof buildApp>[0]['logger'];
}

/** The URL this machine reaches a server listening on host:port at (a wildcard host is loopback). */
export function localUrl(listenHost: string, port: number): string {
  const host = listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export async function startServer(config: Readonly<Config>, options: StartOptions = {}): Promise<RunningServer> {
  const db = await openDatabase(config, { exclusive: true });
  let app: FastifyInstance | null = null;
  try {
    await db.migrate();
    const services = buildServices(config, db);
    const demo = options.demo ? await ensureDemo(db.prisma, services, config) : null;
    app = await buildApp({ config, db, services, logger: options.logger });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const running = app;
    let closing: Promise<void> | null = null;
    return {
      app: running,
      db,
      services,
      demo,
      url: localUrl(config.host, port),
      close() {
        closing ??= (async () => {
          await running.close();
          await services.auth.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }
}

/**
 * Closes the server on SIGINT/SIGTERM. A repeated SIGTERM is ignored (process managers resend
 * it); a second SIGINT (Ctrl-C twice) or the timeout forces the exit.
 */
export function closeOnSignals(server: Pick<RunningServer, 'close'>, timeoutMs: number, log: (message: string) => void): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal === 'SIGINT') {
        log('second SIGINT: exiting now');
        process.exit(1);
      }
      return;
    }
    stopping = true;
    log(`${signal} received: finishing in-flight requests, then closing`);
    const timer = setTimeout(() => {
      log(`shutdown took longer than ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    server.close().then(
      () => {
        log('closed');
        process.exit(0);
      },
      (error: unknown) => {
        log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

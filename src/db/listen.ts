// PostgreSQL LISTEN on a dedicated connection (a pooled one cannot hold a LISTEN), for wake-ups
// from writers in other processes. The connection is reopened after a loss, with a growing pause;
// every (re)connect also calls `onNotify`, since notifications sent while it was down are lost.
// Not for the embedded database: its one shared session cannot hold a LISTEN (pglite-server.ts).
import pg from 'pg';

export interface ListenOptions {
  connectionString: string;
  channel: string;
  onNotify: () => void;
  log?: (message: string) => void;
  /** Who listens, in log messages (default "webhook wake-ups"). */
  label?: string;
  /** First pause before reconnecting; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface Listening {
  close(): Promise<void>;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function listenForNotifications(options: ListenOptions): Listening {
  const log = options.log ?? (() => {});
  const label = options.label ?? 'webhook wake-ups';
  const firstRetry = options.retryMs ?? 500;
  const maxRetry = options.maxRetryMs ?? 30_000;
  let retry = firstRetry;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function scheduleReconnect(reason: string) {
    if (closed || timer) return;
    log(`${label}: LISTEN connection lost (${reason}); reconnecting in ${retry} ms (polling meanwhile)`);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retry);
    timer.unref();
    retry = Math.min(retry * 2, maxRetry);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const current = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    client = current;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      if (client === current) client = null;
      current.removeAllListeners('notification');
      void current.end().catch(() => {});
      scheduleReconnect(reason);
    };
    current.on('error', (error) => onLost(error.message));
    current.on('end', () => onLost('connection ended'));
    current.on('notification', () => options.onNotify());
    try {
      await current.connect();
      await current.query(`LISTEN ${quoteIdent(options.channel)}`);
      if (closed) {
        await current.end().catch(() => {});
        return;
      }
      retry = firstRetry;
      options.onNotify(); // catch up on what was written while not listening
    } catch (error) {
      onLost(error instanceof Error ? error.message : String(error));
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => {});
      }
    },
  };
}

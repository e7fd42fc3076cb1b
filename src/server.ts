// The serving process's edges: the URL a local client reaches the server at, and graceful
// shutdown on signals (finish in-flight requests, then close). What a process runs is composed in
// src/main.ts.

/** The URL this machine reaches a server listening on host:port at (a wildcard host is loopback). */
export function localUrl(listenHost: string, port: number): string {
  const host = listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Closes the server on SIGINT/SIGTERM. A repeated SIGTERM is ignored (process managers resend
 * it); a second SIGINT (Ctrl-C twice) or the timeout forces the exit.
 */
export function closeOnSignals(server: { close(): Promise<void> }, timeoutMs: number, log: (message: string) => void): void {
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

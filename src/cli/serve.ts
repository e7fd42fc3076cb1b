// `svc start`, `svc serve` and `svc worker`: long-running processes composed in src/main.ts,
// closed on SIGINT/SIGTERM (src/server.ts).
import { openCore, startBackground, startServer, type RunningServer } from '../main.ts';
import { closeOnSignals, localUrl } from '../server.ts';
import { parse, type Command, type CommandContext } from './args.ts';
import { createLogger, lineLogger } from '../observability/logger.ts';
import { startTracing } from '../observability/tracing.ts';
import { startMetricsServer } from '../observability/server.ts';
import { boundHeapGrowth } from './heap.ts';

async function serve({ config, io, args }: CommandContext, withDemo: boolean): Promise<number> {
  parse(args, {});
  // A signal during start-up (migrations, seed) is remembered and honoured once the server is up:
  // without a listener, SIGTERM would kill the process mid-write with no cleanup.
  let early: NodeJS.Signals | null = null;
  const remember = (signal: NodeJS.Signals) => {
    early ??= signal;
  };
  process.on('SIGINT', remember);
  process.on('SIGTERM', remember);
  const logger = createLogger(config);
  const tracing = await startTracing({ ...config.observability.tracing, version: config.commit });
  let server: RunningServer;
  try {
    // Progress of a first start (database created, migrated, demo seeded) goes to stdout, before the banner.
    server = await startServer(config, { demo: withDemo, loggerInstance: logger, say: io.out });
  } finally {
    process.off('SIGINT', remember);
    process.off('SIGTERM', remember);
  }
  // Under `svc serve` the dispatcher only warns about test-only settings; `svc start` runs it all.
  // The server's configuration, not the environment's: the core resolved the embedded database's
  // keys into it (the webhook secret key the API seals with is the one the dispatcher opens with).
  const background = startBackground(
    { config: server.config, db: server.db, services: server.services },
    { apiUrl: server.url, log: lineLogger(logger, 'background'), run: withDemo && config.jobsEnabled },
  );
  closeOnSignals(
    {
      close: async () => {
        await background.stop();
        await server.close();
        await tracing?.shutdown();
      },
    },
    config.shutdownTimeoutMs,
    io.err,
  );
  if (early) {
    process.emit(early, early);
    return new Promise<number>(() => {});
  }
  const where = server.db.kind === 'embedded' ? `the embedded database (${config.database.dataDir})` : 'PostgreSQL';
  io.out(`\nCommerce analytics service on ${where}`);
  io.out(`  API status   ${server.url}/api/v1/status`);
  io.out(`  Health       ${server.url}/healthz  ${server.url}/readyz`);
  if (server.demo) {
    io.out(`  Demo account ${server.demo.accountId}${server.demo.seeded ? ' (seeded now)' : ''}`);
    io.out(`  Demo API key ${server.demo.key}  (scopes read, write${server.demo.keyCreated ? ', created now' : ''})`);
    io.out(`  Try          curl -H "Authorization: Bearer ${server.demo.key}" ${server.url}/api/v1/me`);
    const { email, password } = server.demo.dashboard;
    io.out(`dashboard: ${server.url}/dashboard  (sign in as ${email} / ${password ?? '<the password you set; the saved one was changed>'})`);
  }
  io.out('');
  const { runner } = background;
  if (runner) {
    // This process runs the jobs (a Shopify backfill among them): its heap kept near its live set.
    boundHeapGrowth();
    background.start();
    if (server.demo?.seeded) {
      io.out("first job run: computing the demo store's metrics, insights and alerts");
      void runner.runAll().then(
        (runs) => {
          const failures = runs.filter((run) => run.status === 'failed');
          for (const run of failures)
            logger.error({ job: run.job, accountId: run.accountId, attempts: run.attempts, error: run.error }, 'first job run: a job failed');
          const failed = failures.length;
          io.out(`first job run finished (${runs.length} runs${failed ? `, ${failed} failed: see the log` : ''}): the demo data is ready`);
        },
        (error: unknown) => logger.error({ err: error }, 'initial job run failed'),
      );
    }
  }
  return new Promise<number>(() => {});
}

export const startCommand: Command = (ctx) => serve(ctx, true);
export const serveCommand: Command = (ctx) => serve(ctx, false);

export const workerCommand: Command = async ({ config, io, args }) => {
  parse(args, {});
  boundHeapGrowth();
  const logger = createLogger(config);
  const tracing = await startTracing({ ...config.observability.tracing, version: config.commit });
  const core = await openCore(config, { poolSize: 4, migrate: 'if-owned' });
  let background: ReturnType<typeof startBackground>;
  let metrics: Awaited<ReturnType<typeof startMetricsServer>> | null = null;
  try {
    const { metricsPort } = config.observability;
    if (metricsPort !== null) metrics = await startMetricsServer(config.host, metricsPort);
    background = startBackground(core, { apiUrl: localUrl(config.host, config.port), log: lineLogger(logger, 'worker'), run: true });
  } catch (error) {
    await metrics?.close();
    await core.close().catch(() => {});
    throw error;
  }
  if (metrics) logger.info({ port: metrics.port }, 'worker metrics at GET /metrics');
  background.start();
  io.err(`worker: scheduling ${background.runner!.jobNames().join(', ')}, uptime-check; delivering webhooks`);
  // Waits for running jobs, then closes the database; a job that hangs past SHUTDOWN_TIMEOUT_MS
  // does not keep the process alive (closeOnSignals exits).
  closeOnSignals(
    {
      close: async () => {
        try {
          await background.stop();
        } finally {
          await metrics?.close();
          await core.close();
          await tracing?.shutdown();
        }
      },
    },
    config.shutdownTimeoutMs,
    io.err,
  );
  return new Promise<number>(() => {});
};

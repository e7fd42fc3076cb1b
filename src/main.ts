// The composition root: config -> database -> services -> doors (the HTTP app with REST and
// GraphQL) -> jobs (runner, uptime recorder, webhook dispatcher). Each is built here, once; the
// CLI (src/cli.ts) and the tests compose a process from these functions and build nothing
// themselves.
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { buildServices, type ServicePorts, type Services } from './services.ts';
import { embeddedSecretKey, SESSION_KEY_FILE } from './db/secret-key-file.ts';
import { answerUnknownRoutes, createHttpApp } from './http/app.ts';
import type { RateLimitStore } from './http/rate-limit/index.ts';
import { registerPlayground } from './http/playground.ts';
import { registerDashboard } from './http/dashboard.ts';
import { authRoutes } from './http/auth-routes.ts';
import { cookieIsSecure, cookieSession } from './http/session-cookie.ts';
import { shopifyRoutes } from './connectors/shopify/index.ts';
import { restCompat } from '../rest-compat/index.ts';
import { collectDocumentedRoutes } from '../rest-compat/openapi/document.ts';
import { GRAPHQL_PATH, graphqlRoutes } from './graphql/route.ts';
import { toGlobalId } from './graphql/global-id.ts';
import { jobRunner, type JobRunner } from './jobs/runner.ts';
import { ALL_JOBS } from './jobs/index.ts';
import { uptimeRecorder } from './jobs/uptime-recorder.ts';
import { startWebhookDispatcher } from './domain/webhooks/index.ts';
import { ensureDemo, type DemoInfo } from './demo/setup.ts';
import { localUrl } from './server.ts';
import { watchDispatcher, watchQueues } from './observability/metrics.ts';
import { queueFiguresRepo } from './observability/repo.ts';
import { startMetricsServer } from './observability/server.ts';

type Log = (message: string) => void;

/** The database and the services on it, closed together. */
export interface Core {
  config: Readonly<Config>;
  db: Database;
  services: Services;
  close(): Promise<void>;
}

export interface CoreOptions {
  /** Pool size of a server database (default: the config's). */
  poolSize?: number;
  /** Hold DATA_DIR of the embedded database for this process (the serving process). */
  exclusive?: boolean;
  /**
   * `always`: apply pending migrations (`svc serve`/`svc start`). `if-owned`: only on an embedded
   * database whose files this process owns (a running server migrated its own at start, and two
   * migrators through its one PGlite session could collide); a server database is migrated only
   * by `svc migrate` and at serve/start.
   */
  migrate: 'always' | 'if-owned';
  ports?: ServicePorts;
  /** Hears progress lines while the database is created and migrated (`svc start`, `svc serve`). */
  say?: (line: string) => void;
}

/** config -> database (migrated as asked) -> services. */
export async function openCore(config: Readonly<Config>, options: CoreOptions): Promise<Core> {
  const db = await openDatabase(config, {
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    ...(options.exclusive ? { exclusive: true } : {}),
    ...(options.say ? { say: options.say } : {}),
  });
  try {
    if (options.migrate === 'always' || (db.kind === 'embedded' && db.ownsFiles)) await db.migrate(options.say);
    // The embedded database keeps its webhook secret key in its data directory unless one is configured.
    if (!config.webhooks.secretKey && db.kind === 'embedded' && config.database.url === null) {
      config = Object.freeze({ ...config, webhooks: Object.freeze({ ...config.webhooks, secretKey: await embeddedSecretKey(config.database.dataDir) }) });
    }
    // And the key of the dashboard sessions it issues, unless SESSION_SECRET is set.
    if (!config.session.secret && db.kind === 'embedded' && config.database.url === null) {
      const secret = await embeddedSecretKey(config.database.dataDir, SESSION_KEY_FILE);
      config = Object.freeze({ ...config, session: Object.freeze({ ...config.session, secret }) });
    }
    const services = buildServices(config, db, options.ports);
    if (options.migrate === 'always' || db.ownsFiles) {
      await services.webhooks.sealStoredSecrets();
      await services.idempotency.sealStoredAnswers();
    }
    let closing: Promise<void> | null = null;
    return {
      config,
      db,
      services,
      close() {
        closing ??= (async () => {
          try {
            await services.auth.close();
          } finally {
            await db.close();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/** Runs `fn` on a core opened for one command, and closes it after. */
export async function withCore<T>(config: Readonly<Config>, fn: (core: Core) => Promise<T>, poolSize = 2): Promise<T> {
  const core = await openCore(config, { poolSize, migrate: 'if-owned' });
  try {
    return await fn(core);
  } finally {
    await core.close();
  }
}

export interface AppDeps {
  config: Readonly<Config>;
  /** Pinged by /readyz; its webhook and outbox queues are read by /metrics. */
  db: Pick<Database, 'ping' | 'prisma'>;
  services: Services;
  /** A pino logger options object, or false for none (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Or the process's pino logger (`svc`). */
  loggerInstance?: FastifyBaseLogger;
  /** The rate-limit store; by default one from REDIS_URL (or memory), closed with the app. */
  limiter?: RateLimitStore;
}

/**
 * services -> doors: the shared HTTP app, the REST door under /api/v1 (each route module gets
 * its own services), the GraphQL door and its playground, the dashboard, then the 404/405 answer.
 */
export async function buildApp({ config, db, services, logger, loggerInstance, limiter }: AppDeps): Promise<FastifyInstance> {
  const { app, guard } = createHttpApp({ config, db, services, logger, loggerInstance, limiter });
  watchQueues(queueFiguresRepo(db.prisma));
  // Collects the documented routes as they register: the OpenAPI document and discovery use them.
  const documented = collectDocumentedRoutes(app);
  await app.register(async (v1) => restCompat(v1, services, guard, documented), { prefix: '/api/v1' });
  await app.register(async (gql) => graphqlRoutes(gql, { services, guard, config }));
  await app.register(async (auth) => authRoutes(auth, services, guard, toGlobalId));
  // The Shopify connector's install, callback and webhook receiver (docs/connectors/shopify.md).
  await app.register(async (shopify) =>
    shopifyRoutes(shopify, {
      core: { config, services },
      signedIn: async (request, reply) => (await cookieSession(services.auth, request, reply, false)).principal,
      secureCookies: cookieIsSecure,
      publicRoute: guard.publicRoute(),
    }),
  );
  registerPlayground(app, guard, { enabled: config.playgroundEnabled, endpoint: GRAPHQL_PATH });
  registerDashboard(app, guard);
  answerUnknownRoutes(app);
  return app;
}

/** The job runner over every job of the catalogue (`svc jobs run`, the worker, `svc start`). */
export function buildJobRunner(core: Pick<Core, 'config' | 'db' | 'services'>, log: Log): JobRunner {
  return jobRunner({ prisma: core.db.prisma, services: core.services, jobs: ALL_JOBS, log, settings: core.config.jobs });
}

export interface BackgroundOptions {
  /** Where the API answers (the uptime recorder probes its /healthz). */
  apiUrl: string;
  log: Log;
  /** Schedule the jobs and uptime checks and deliver webhooks (false: only the dispatcher's boot warnings). */
  run: boolean;
}

/**
 * services -> jobs: the runner, the uptime recorder and the webhook dispatcher, stopped together.
 * The dispatcher delivers from now on; `start` starts the job and uptime schedules.
 */
export function startBackground(core: Pick<Core, 'config' | 'db' | 'services'>, { apiUrl, log, run }: BackgroundOptions) {
  const runner = run ? buildJobRunner(core, log) : null;
  const uptime = run ? uptimeRecorder({ prisma: core.db.prisma, services: core.services, apiUrl, log }) : null;
  const dispatcher = startWebhookDispatcher(core.config, core.db.prisma, log, run);
  if (dispatcher.stats) watchDispatcher(dispatcher.stats);
  watchQueues(queueFiguresRepo(core.db.prisma));
  return {
    runner,
    start(): void {
      runner?.start();
      uptime?.start();
    },
    /** Waits for running jobs, checks and sends (the dispatcher within half the shutdown budget). */
    async stop(): Promise<void> {
      await Promise.all([uptime?.stop(), runner?.stop(), dispatcher.stop()]);
    },
  };
}

export type Background = ReturnType<typeof startBackground>;

export interface RunningServer {
  /** The configuration the core resolved (keys generated into DATA_DIR included): the one to hand on. */
  config: Readonly<Config>;
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
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
  /** Hears progress lines while the database is created, migrated and seeded. */
  say?: (line: string) => void;
}

/** The serving process: core (holding DATA_DIR, migrated) -> demo data if asked -> doors, listening. */
export async function startServer(config: Readonly<Config>, options: StartOptions = {}): Promise<RunningServer> {
  if (config.env === 'production' && !config.session.secret) {
    throw new Error('SESSION_SECRET: required when NODE_ENV=production (the key of dashboard sessions; at least 32 characters, e.g. openssl rand -hex 32)');
  }
  const core = await openCore(config, { exclusive: true, migrate: 'always', ...(options.say ? { say: options.say } : {}) });
  // From here on, the configuration the core resolved: the environment's, with the keys of the
  // embedded database's data directory filled in. Handing on the caller's would leave the
  // dispatcher, the doors or the demo without a key the core sealed with.
  config = core.config;
  let app: FastifyInstance | null = null;
  try {
    // The demo's checks (one of them a password hash, in libuv's thread pool) run while the doors load.
    const [demoResult, built] = await Promise.allSettled([
      options.demo ? ensureDemo(core.db.prisma, core.services, config, options.say) : null,
      buildApp({ config, db: core.db, services: core.services, logger: options.logger, loggerInstance: options.loggerInstance }),
    ]);
    // Both finished: an app built beside a failed demo is closed like any other (catch below).
    if (built.status === 'fulfilled') app = built.value;
    if (demoResult.status === 'rejected') throw demoResult.reason;
    if (built.status === 'rejected') throw built.reason;
    const demo = demoResult.value;
    app = built.value;
    const { metricsPort } = config.observability;
    if (metricsPort !== null) {
      const metrics = await startMetricsServer(config.host, metricsPort);
      app.addHook('onClose', () => metrics.close());
    }
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const running = app;
    let closing: Promise<void> | null = null;
    return {
      config,
      app: running,
      db: core.db,
      services: core.services,
      demo,
      url: localUrl(config.host, port),
      close() {
        closing ??= (async () => {
          await running.close();
          await core.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await core.db.close().catch(() => {});
    throw error;
  }
}

// `svc`: the command-line tool. Every command that needs the database opens it the same way the
// service does; on the embedded database, while `svc serve` holds DATA_DIR, commands reach it
// through the running server (found from DATA_DIR/server.json) instead of opening its files.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, ConfigError, type Config } from './config.ts';
import { openDatabase, migrationTarget, DatabaseUnreachableError, type Database } from './db/database.ts';
import { DataDirInUseError, openMemoryDatabase } from './db/embedded.ts';
import { createMigration } from './db/migrator.ts';
import { AppError } from './errors.ts';
import { buildServices } from './services.ts';
import { closeOnSignals, localUrl, startServer } from './server.ts';
import { seedDemoAccount } from './domain/demo/seed.ts';
import { jobRunner } from './jobs/runner.ts';
import { ALL_JOBS } from './jobs/index.ts';
import { uptimeRecorder } from './jobs/uptime-recorder.ts';
import { incidentCommand } from './cli-incidents.ts';
import { startWebhookDispatcher } from './domain/webhooks/delivery/process.ts';

export const USAGE = `usage: svc <command> [options]

  start                         migrate, seed the demo account into an empty database, make sure a
                                demo API key exists, run the jobs once and on schedule, and serve
  serve                         migrate and serve the API
  migrate                       apply pending migrations
  migrate create <name>         write prisma/migrations/<timestamp>_<name> for schema.prisma changes
  seed                          create the demo account (does nothing if it exists)
  accounts create --name <name> [--plan free|starter|growth|scale] [--currency USD] [--timezone UTC]
  keys create --account <id> --scopes read,write [--live] [--expires <date>] [--name <label>]
  keys list [--account <id>]
  keys revoke <id-or-prefix>
  jobs run <job-name> [--account <id>]
  integrations revoke --account <id> --id <n>   revoke an integration (manual; emits integration.revoked)
  ai pause|resume --account <id> [--reason <text>] [--by <admin>]
                                pause or resume AI access (events ai.paused / ai.resumed)
  worker                        run the job schedules, uptime checks and webhook delivery until stopped
  incidents open --title <t> --severity minor|major|critical [--body <text>]
  incidents update <id> [--title <t>] [--severity <s>] [--status investigating|identified|monitoring] [--body <text>]
  incidents resolve <id> [--body <text>]
  incidents list                active incidents, as /api/v1/incidents lists them

  --json     print one JSON object on stdout and nothing else there
  --help     this text

Configuration comes from the environment and .env (see README). Exit codes: 0 done, 1 failed,
2 bad arguments.`;

class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;
const json: Options = { json: { type: 'boolean', default: false } };

function parse(args: string[], options: Options, positionals = 0) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(positionals ? `expected ${positionals} argument(s), got ${parsed.positionals.length}` : `unexpected argument ${parsed.positionals[0]}`);
  }
  return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
}

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

function print(io: Io, asJson: boolean, value: object, text: string): void {
  io.out(asJson ? JSON.stringify(value) : text);
}

/**
 * The embedded database is migrated on first use, by the process that owns its files (a running
 * server migrated at start, and two migrators through its one PGlite session could collide).
 * A server is migrated only by `svc migrate` and at `svc serve`/`svc start`.
 */
async function migrateIfOwned(db: Database): Promise<void> {
  if (db.kind === 'embedded' && db.ownsFiles) await db.migrate();
}

async function withDatabase<T>(config: Readonly<Config>, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase(config, { poolSize: 2 });
  try {
    await migrateIfOwned(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

function requireString(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--${name} is required`);
  return value.trim();
}

function parseDate(value: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--expires: not a date: ${value}`);
  return date;
}

async function serveCommand(config: Readonly<Config>, io: Io, withDemo: boolean): Promise<number> {
  // A signal during start-up (migrations, seed) is remembered and honoured once the server is up:
  // without a listener, SIGTERM would kill the process mid-write with no cleanup.
  let early: NodeJS.Signals | null = null;
  const remember = (signal: NodeJS.Signals) => {
    early ??= signal;
  };
  process.on('SIGINT', remember);
  process.on('SIGTERM', remember);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, { demo: withDemo });
  } finally {
    process.off('SIGINT', remember);
    process.off('SIGTERM', remember);
  }
  const runner = withDemo && config.jobsEnabled ? jobRunner({ prisma: server.db.prisma, services: server.services, jobs: ALL_JOBS, log: io.err }) : null;
  const uptime = runner ? uptimeRecorder({ prisma: server.db.prisma, services: server.services, apiUrl: server.url, log: io.err }) : null;
  const dispatcher = startWebhookDispatcher(config, server.db.prisma, io.err, withDemo && config.jobsEnabled);
  closeOnSignals(
    { close: async () => { await Promise.all([uptime?.stop(), runner?.stop(), dispatcher.stop()]); await server.close(); } },
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
  }
  io.out('');
  if (runner) {
    runner.start();
    uptime?.start();
    if (server.demo?.seeded) void runner.runAll().catch((error: unknown) => io.err(`initial job run failed: ${String(error)}`));
  }
  return new Promise<number>(() => {});
}

async function workerCommand(config: Readonly<Config>, io: Io): Promise<number> {
  const db = await openDatabase(config, { poolSize: 4 });
  let runner: ReturnType<typeof jobRunner>;
  let uptime: ReturnType<typeof uptimeRecorder>;
  try {
    await migrateIfOwned(db);
    const services = buildServices(config, db);
    runner = jobRunner({ prisma: db.prisma, services, jobs: ALL_JOBS, log: io.err });
    uptime = uptimeRecorder({ prisma: db.prisma, services, apiUrl: localUrl(config.host, config.port), log: io.err });
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  runner.start();
  uptime.start();
  const dispatcher = startWebhookDispatcher(config, db.prisma, io.err);
  io.err(`worker: scheduling ${runner.jobNames().join(', ')}, uptime-check; delivering webhooks`);
  // Waits for running jobs, then closes the database; a job that hangs past SHUTDOWN_TIMEOUT_MS
  // does not keep the process alive (closeOnSignals exits).
  closeOnSignals(
    {
      close: async () => {
        try {
          await Promise.all([uptime.stop(), runner.stop(), dispatcher.stop()]);
        } finally {
          await db.close();
        }
      },
    },
    config.shutdownTimeoutMs,
    io.err,
  );
  return new Promise<number>(() => {});
}

async function run(argv: string[], io: Io): Promise<number> {
  const [command, sub, ...rest] = argv;
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  if (command === '--help' || command === 'help') {
    io.out(USAGE);
    return 0;
  }
  const config = loadConfig();
  const key = sub && !sub.startsWith('-') ? `${command} ${sub}` : command;
  const args = key === command ? argv.slice(1) : rest;

  switch (key) {
    case 'start':
    case 'serve':
      parse(args, {});
      return serveCommand(config, io, key === 'start');
    case 'worker':
      parse(args, {});
      return workerCommand(config, io);
    case 'migrate': {
      const { values } = parse(args, json);
      const applied = await (async () => {
        const db = await openDatabase(config, { poolSize: 1 });
        try {
          return await db.migrate();
        } finally {
          await db.close();
        }
      })();
      print(io, !!values.json, { applied }, applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
      return 0;
    }
    case 'migrate create': {
      const { values, positionals } = parse(args, json, 1);
      const name = positionals[0]!;
      // Always a scratch in-memory database, never the configured one: creating a migration
      // must not touch a real server (nor a DATA_DIR a running server owns).
      let folder: string | null;
      const scratch = await openMemoryDatabase();
      try {
        folder = await createMigration(migrationTarget(scratch.connectionString, 'embedded'), name);
      } finally {
        await scratch.close();
      }
      print(io, !!values.json, { created: folder }, folder ? `created ${folder}` : 'no changes: schema.prisma matches the migrations');
      return 0;
    }
    case 'seed': {
      const { values } = parse(args, json);
      const result = await withDatabase(config, (db) => seedDemoAccount(db.prisma));
      print(io, !!values.json, result, result.created ? `seeded demo account ${result.accountId}` : `demo account ${result.accountId} exists; nothing changed`);
      return 0;
    }
    case 'accounts create': {
      const { values } = parse(args, { ...json, name: { type: 'string' }, plan: { type: 'string' }, currency: { type: 'string' }, timezone: { type: 'string' } });
      const name = requireString(values, 'name');
      const account = await withDatabase(config, (db) =>
        buildServices(config, db).accounts.createAccount({
          name,
          plan: values.plan as string | undefined,
          currency: values.currency as string | undefined,
          timezone: values.timezone as string | undefined,
        }),
      );
      print(io, !!values.json, { id: account.id, name: account.name, plan: account.plan, created_at: account.createdAt.toISOString() }, account.id);
      return 0;
    }
    case 'keys create': {
      const { values } = parse(args, { ...json, account: { type: 'string' }, scopes: { type: 'string' }, live: { type: 'boolean', default: false }, expires: { type: 'string' }, name: { type: 'string' } });
      const accountId = requireString(values, 'account');
      const scopes = requireString(values, 'scopes').split(',');
      const expiresAt = typeof values.expires === 'string' ? parseDate(values.expires) : null;
      const key = await withDatabase(config, (db) =>
        buildServices(config, db).keys.createKey({ accountId, scopes, environment: values.live ? 'live' : 'test', expiresAt, name: (values.name as string) ?? '' }),
      );
      const summary = { id: key.id, key: key.key, prefix: key.prefix, account_id: key.accountId, environment: key.environment, scopes: key.scopes, expires_at: key.expiresAt?.toISOString() ?? null };
      print(io, !!values.json, summary, `${key.key}\n(shown once: store it now; id ${key.id}, prefix ${key.prefix})`);
      return 0;
    }
    case 'keys list': {
      const { values } = parse(args, { ...json, account: { type: 'string' } });
      const keys = await withDatabase(config, (db) => buildServices(config, db).keys.listKeys(values.account as string | undefined));
      const now = Date.now();
      const rows = keys.map((k) => ({
        id: k.id,
        prefix: k.prefix,
        account_id: k.accountId,
        name: k.name,
        environment: k.environment,
        scopes: k.scopes,
        status: k.revokedAt ? 'revoked' : k.expiresAt && k.expiresAt.getTime() <= now ? 'expired' : 'active',
        expires_at: k.expiresAt?.toISOString() ?? null,
        last_used_at: k.lastUsedAt?.toISOString() ?? null,
        created_at: k.createdAt.toISOString(),
      }));
      const text = rows.length
        ? rows.map((r) => `${String(r.id).padStart(5)}  ${r.prefix}…  ${r.account_id}  ${r.scopes.join(',').padEnd(10)}  ${r.status}`).join('\n')
        : 'no keys';
      print(io, !!values.json, { keys: rows }, text);
      return 0;
    }
    case 'keys revoke': {
      const { values, positionals } = parse(args, json, 1);
      const key = await withDatabase(config, (db) => buildServices(config, db).keys.revokeKey(positionals[0]!));
      print(io, !!values.json, { id: key.id, prefix: key.prefix, revoked_at: key.revokedAt?.toISOString() ?? null, already_revoked: key.alreadyRevoked }, key.alreadyRevoked ? `key ${key.id} was already revoked` : `revoked key ${key.id} (${key.prefix}…)`);
      return 0;
    }
    case 'integrations revoke': {
      const { values } = parse(args, { ...json, account: { type: 'string' }, id: { type: 'string' } });
      const accountId = requireString(values, 'account');
      const id = Number(requireString(values, 'id'));
      if (!Number.isSafeInteger(id) || id < 1) throw new UsageError('--id must be a positive integer');
      const result = await withDatabase(config, (db) => buildServices(config, db).integrations.revokeIntegration(accountId, id));
      print(io, !!values.json, { id: result.id, revoked: result.revoked }, result.revoked ? `revoked integration ${result.id}` : `integration ${result.id} was already revoked`);
      return 0;
    }
    case 'jobs run': {
      const [jobName, ...jobArgs] = rest;
      if (!jobName || jobName.startsWith('-')) throw new UsageError('jobs run needs a job name');
      const { values } = parse(jobArgs, { ...json, account: { type: 'string' } });
      const results = await withDatabase(config, (db) => {
        const runner = jobRunner({ prisma: db.prisma, services: buildServices(config, db), jobs: ALL_JOBS, log: io.err });
        return runner.run(jobName, values.account as string | undefined);
      });
      const failed = results.filter((r) => r.status === 'failed');
      print(io, !!values.json, { results }, results.map((r) => `${r.job} ${r.accountId}: ${r.status}, ${r.rowsWritten} rows${r.error ? ` (${r.error})` : ''}`).join('\n') || 'no accounts');
      return failed.length ? 1 : 0;
    }
    case 'incidents open':
    case 'incidents update':
    case 'incidents resolve':
    case 'incidents list': {
      const { values, positionals } = parse(args, { ...json, title: { type: 'string' }, severity: { type: 'string' }, status: { type: 'string' }, body: { type: 'string' } }, key === 'incidents open' || key === 'incidents list' ? 0 : 1);
      const result = await withDatabase(config, (db) => incidentCommand(buildServices(config, db).incidents, sub!, positionals[0], values, (m) => new UsageError(m)));
      print(io, !!values.json, result.json, result.text);
      return 0;
    }
    case 'ai pause':
    case 'ai resume': {
      const { values } = parse(args, { ...json, account: { type: 'string' }, reason: { type: 'string' }, by: { type: 'string' } });
      const accountId = requireString(values, 'account');
      const input = { by: (values.by as string | undefined) ?? 'cli', reason: values.reason as string | undefined };
      const access = await withDatabase(config, (db) => {
        const ai = buildServices(config, db).aiAccess;
        return sub === 'pause' ? ai.pause(accountId, input) : ai.resume(accountId, input);
      });
      const summary = { account_id: access.accountId, state: access.state, reason: access.reason, by: access.changedBy, by_kind: access.changedByKind, changed_at: access.changedAt?.toISOString() ?? null };
      print(io, !!values.json, summary, `AI access for ${access.accountId} is ${access.state}`);
      return 0;
    }
    default:
      throw new UsageError(`unknown command: ${argv.join(' ')}`);
  }
}

export async function main(argv: string[], io: Io = { out: (t) => console.log(t), err: (t) => console.error(t) }): Promise<number> {
  const asJson = argv.includes('--json');
  try {
    if (argv.includes('--help')) {
      io.out(USAGE);
      return 0;
    }
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      if (asJson) io.out(JSON.stringify({ error: 'invalid_arguments', message: error.message }));
      io.err(`svc: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    const code = error instanceof AppError ? error.code : error instanceof ConfigError ? 'invalid_config' : error instanceof DatabaseUnreachableError || error instanceof DataDirInUseError ? 'no_db' : 'internal_error';
    const message = error instanceof Error ? error.message : String(error);
    if (asJson) io.out(JSON.stringify({ error: code, message }));
    io.err(`svc: ${message}`);
    return 1;
  }
}

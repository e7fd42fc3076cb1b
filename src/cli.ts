// `svc`: the command-line tool. Every command that needs the database opens it the way the
// service does (src/main.ts); on the embedded database, while `svc serve` holds DATA_DIR, commands
// reach it through the running server (found from DATA_DIR/server.json) instead of opening its
// files. Each command is a small module under src/cli/.
import { loadConfig, ConfigError } from './config.ts';
import { DatabaseUnreachableError } from './db/database.ts';
import { DataDirInUseError } from './db/data-dir-error.ts';
import { AppError } from './errors.ts';
import { UsageError, type Command, type Io } from './cli/args.ts';
import { serveCommand, startCommand, workerCommand } from './cli/serve.ts';
import { migrateCommand, migrateCreateCommand, seedCommand } from './cli/database.ts';
import { accountsCreateCommand, accountsRefundAttributionCommand, keysCreateCommand, keysListCommand, keysRevokeCommand } from './cli/keys.ts';
import { usersCreateCommand, usersListCommand } from './cli/users.ts';
import { importCommand } from './cli/imports.ts';
import { aiAccessCommand, incidentsCommand, integrationsRevokeCommand, jobsRunCommand } from './cli/operations.ts';
import { keepWebAssemblyOnBaselineTier } from './db/query-compiler.ts';

export const USAGE = `usage: svc <command> [options]

  start                         migrate, seed the demo account into an empty database, make sure a
                                demo API key exists, run the jobs once and on schedule, and serve
  serve                         migrate and serve the API
  migrate                       apply pending migrations
  migrate create <name>         write prisma/migrations/<timestamp>_<name> for schema.prisma changes
  seed                          create the demo account (does nothing if it exists)
  accounts create --name <name> [--plan free|starter|growth|scale] [--currency USD] [--timezone UTC]
  accounts refund-attribution --account <id> [--set order_day|refund_day]
                                read or set the day refunds count on (a change has the days with
                                refunds recomputed by the analytics catch-up)
  keys create --account <id> --scopes read,write [--live] [--expires <date>] [--name <label>]
  keys list [--account <id>]
  keys revoke <id-or-prefix>
  users create --account <id> --email <e> [--role owner|member]
                                add a dashboard user (default owner); prints a one-time password
  users list --account <id>     the account's dashboard users
  jobs run <job-name> [--account <id>]
  import <orders|customers|products|ad-spend|expenses> <file> --account <id> [--format csv|ndjson] [--source shopify|woo-commerce|mercado-libre]
                                import a file now (Shopify orders export, generic CSV or NDJSON:
                                docs/imports.md); exit 1 when the import failed
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

const COMMANDS: Record<string, Command> = {
  start: startCommand,
  serve: serveCommand,
  worker: workerCommand,
  migrate: migrateCommand,
  'migrate create': migrateCreateCommand,
  seed: seedCommand,
  'accounts create': accountsCreateCommand,
  'accounts refund-attribution': accountsRefundAttributionCommand,
  'keys create': keysCreateCommand,
  'keys list': keysListCommand,
  'keys revoke': keysRevokeCommand,
  'users create': usersCreateCommand,
  'users list': usersListCommand,
  'integrations revoke': integrationsRevokeCommand,
  'jobs run': jobsRunCommand,
  'import orders': importCommand,
  'import customers': importCommand,
  'import products': importCommand,
  'import ad-spend': importCommand,
  'import expenses': importCommand,
  'incidents open': incidentsCommand,
  'incidents update': incidentsCommand,
  'incidents resolve': incidentsCommand,
  'incidents list': incidentsCommand,
  'ai pause': aiAccessCommand,
  'ai resume': aiAccessCommand,
};

/**
 * Commands that do a bounded piece of work and exit. Their WebAssembly (PGlite's postgres on the
 * embedded database, Prisma's query compiler and schema engine) stays on V8's baseline tier: the
 * optimizing compiler's background compilations of the functions that get hot cost more CPU than
 * they save within one command (on the embedded database, `svc keys list` 4.3 s of CPU with them,
 * 2.1 s without; the demo seed 21.5 s, 16.5 s; docs/operations.md, "One-shot commands"). The
 * commands that serve or run jobs keep it, and so do imports and `jobs run`, whose work grows with
 * the data.
 */
const ONE_SHOT = new Set([
  'migrate',
  'migrate create',
  'seed',
  'accounts create',
  'accounts refund-attribution',
  'keys create',
  'keys list',
  'keys revoke',
  'users create',
  'users list',
  'integrations revoke',
  'incidents open',
  'incidents update',
  'incidents resolve',
  'incidents list',
  'ai pause',
  'ai resume',
]);

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
  const handler = Object.hasOwn(COMMANDS, key) ? COMMANDS[key] : undefined;
  if (!handler) throw new UsageError(`unknown command: ${argv.join(' ')}`);
  if (ONE_SHOT.has(key)) keepWebAssemblyOnBaselineTier();
  return handler({ config, io, sub, args });
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
    const code =
      error instanceof AppError
        ? error.code
        : error instanceof ConfigError
          ? 'invalid_config'
          : error instanceof DatabaseUnreachableError || error instanceof DataDirInUseError
            ? 'no_db'
            : 'internal_error';
    const message = error instanceof Error ? error.message : String(error);
    if (asJson) io.out(JSON.stringify({ error: code, message }));
    io.err(`svc: ${message}`);
    return 1;
  }
}

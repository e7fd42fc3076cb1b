// `svc migrate`, `svc migrate create <name>` and `svc seed`.
import { openDatabase, migrationTarget } from '../db/database.ts';
import { createMigration } from '../db/migrator.ts';
import { seedDemoAccount } from '../demo/seed.ts';
import { withCore } from '../main.ts';
import { json, parse, print, type Command } from './args.ts';

export const migrateCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, json);
  const db = await openDatabase(config, { poolSize: 1 });
  let applied: string[];
  try {
    applied = await db.migrate();
  } finally {
    await db.close();
  }
  print(io, !!values.json, { applied }, applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
  return 0;
};

export const migrateCreateCommand: Command = async ({ io, args }) => {
  const { values, positionals } = parse(args, json, 1);
  const name = positionals[0]!;
  // Always a scratch in-memory database, never the configured one: creating a migration
  // must not touch a real server (nor a DATA_DIR a running server owns).
  let folder: string | null;
  // PGlite is loaded only by the commands that use it.
  const { openMemoryDatabase } = await import('../db/embedded.ts');
  const scratch = await openMemoryDatabase();
  try {
    folder = await createMigration(migrationTarget(scratch.connectionString, 'embedded'), name);
  } finally {
    await scratch.close();
  }
  print(io, !!values.json, { created: folder }, folder ? `created ${folder}` : 'no changes: schema.prisma matches the migrations');
  return 0;
};

export const seedCommand: Command = async ({ config, io, args }) => {
  const { values } = parse(args, json);
  const result = await withCore(config, (core) => seedDemoAccount(core.db.prisma));
  print(io, !!values.json, result, result.created ? `seeded demo account ${result.accountId}` : `demo account ${result.accountId} exists; nothing changed`);
  return 0;
};

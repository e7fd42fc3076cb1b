// Migrations with Prisma's schema engine compiled to WebAssembly, driven through the pg driver
// adapter (no native engine, no download). Migrations live in prisma/migrations/<ts>_<name>/ and
// are recorded in _prisma_migrations exactly as `prisma migrate deploy` records them.
import { readFile, readdir, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import { projectRoot } from '../paths.ts';
import { createScratchDatabase } from './scratch.ts';

export const schemaPath = path.join(projectRoot, 'prisma', 'schema.prisma');
export const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');
const noFilters = { externalTables: [], externalEnums: [] };

/** Where the engine connects: the main database, and a throwaway one for diffs (shadow). */
export interface MigrationTarget {
  connectionString: string;
  /** Gives a connection string to an empty database and a function that disposes of it. */
  shadow?: () => Promise<{ connectionString: string; dispose: () => Promise<void> }>;
}

type EngineModule = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');
let engineModule: Promise<EngineModule> | null = null;
let lastPanic: string | null = null;

// The WebAssembly global (its types come with the DOM library, which this project does not load).
const wasmApi = () =>
  (
    globalThis as unknown as {
      WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: object } }> };
    }
  ).WebAssembly;

/** Instantiates schema_engine_bg.wasm once per process, with its JS glue module as imports. */
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    // The engine reports a Rust panic's message through this global before throwing.
    (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message: (message: string) => {
        lastPanic = message;
      },
    };
    const bg = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as EngineModule;
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
    // The engine arms timeouts it never clears; unref'd, they no longer keep a finished process
    // (a CLI command, a test run) alive for ten seconds.
    const imports: Record<string, unknown> = { ...bg };
    for (const name of Object.keys(imports).filter((n) => n.startsWith('__wbg_setTimeout'))) {
      const arm = imports[name] as (fn: () => void, ms: number) => NodeJS.Timeout;
      imports[name] = (fn: () => void, ms: number) => arm(fn, ms).unref();
    }
    const { instance } = await wasmApi().instantiate(await readFile(wasmPath), { './schema_engine_bg.js': imports });
    bg.__wbg_set_wasm(instance.exports as Parameters<typeof bg.__wbg_set_wasm>[0]);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bg;
  })();
  return engineModule;
}

// The schema engine's catalog queries return columns of type "char" (OID 18; pg_constraint's
// contype, for one), which @prisma/adapter-pg 7.10 cannot map. They are handed to the engine as
// its Character column type. The rows array links the pg result to the adapter's result set.
const PG_CHAR = 18;
const PG_TEXT = 25;
const charColumns = new WeakMap<object, number[]>();
type Queryable = {
  performIO(query: unknown): Promise<pg.QueryResult>;
  queryRaw(query: unknown): Promise<{ columnTypes: number[]; rows: unknown[] }>;
  startTransaction?: (...args: unknown[]) => Promise<unknown>;
  executeScript(script: string): Promise<void>;
  underlyingDriver(): { query(sql: string): Promise<unknown> };
  onError(error: unknown): never;
};

/**
 * Fixes two gaps of @prisma/adapter-pg 7.10 for the schema engine: "char" columns (see above), and
 * executeScript, which splits a script on every ';' (breaking function bodies and comments, and
 * running each statement on its own). Here a script is one simple-protocol query, which
 * PostgreSQL runs as one implicit transaction: a migration applies whole or not at all.
 */
function engineQueryable<T extends object>(target: T): T {
  const q = target as unknown as Queryable;
  q.executeScript = async (script) => {
    try {
      await q.underlyingDriver().query(script);
    } catch (error) {
      q.onError(error);
    }
  };
  const performIO = q.performIO.bind(q);
  q.performIO = async (query) => {
    const res = await performIO(query);
    const indices: number[] = [];
    res.fields.forEach((field, i) => {
      if (field.dataTypeID === PG_CHAR) {
        field.dataTypeID = PG_TEXT;
        indices.push(i);
      }
    });
    if (indices.length) charColumns.set(res.rows, indices);
    return res;
  };
  const queryRaw = q.queryRaw.bind(q);
  q.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
  if (q.startTransaction) {
    const startTransaction = q.startTransaction.bind(q);
    q.startTransaction = async (...args) => engineQueryable((await startTransaction(...args)) as object);
  }
  return target;
}

function enginePool(connectionString: string) {
  const factory = new PrismaPg({ connectionString, max: 1 });
  return { factory, connect: async () => engineQueryable(await factory.connect()) };
}

/** The factory the engine uses; every adapter it opens is recorded so that it can be closed. */
function adapterFactory(target: MigrationTarget, opened: Array<{ dispose(): Promise<void> }>): SqlMigrationAwareDriverAdapterFactory {
  const main = enginePool(target.connectionString);
  const makeShadow = target.shadow ?? (() => createServerShadow(target.connectionString));
  return {
    provider: main.factory.provider,
    adapterName: main.factory.adapterName,
    connect: async () => {
      const adapter = await main.connect();
      opened.push(adapter);
      return adapter;
    },
    async connectToShadowDb() {
      const shadow = await makeShadow();
      const adapter = await enginePool(shadow.connectionString).connect();
      const dispose = adapter.dispose.bind(adapter);
      let disposed = false;
      adapter.dispose = async () => {
        if (disposed) return;
        disposed = true;
        await dispose();
        await shadow.dispose();
      };
      opened.push(adapter);
      return adapter;
    },
  };
}

/** On a PostgreSQL server, the shadow database is a fresh database created beside the main one. */
async function createServerShadow(connectionString: string) {
  const scratch = await createScratchDatabase(connectionString, 'shadow');
  return { connectionString: scratch.connectionString, dispose: scratch.drop };
}

async function withEngine<T>(target: MigrationTarget, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const bg = await loadEngineModule();
  const datamodel = await readFile(schemaPath, 'utf8');
  const opened: Array<{ dispose(): Promise<void> }> = [];
  const adapter = bindMigrationAwareSqlAdapterFactory(adapterFactory(target, opened));
  let engine: SchemaEngine | null = null;
  try {
    engine = await bg.SchemaEngine.new({ datamodels: [[schemaPath, datamodel]] }, () => {}, adapter);
    return await fn(engine);
  } catch (error) {
    throw new Error(`schema engine: ${engineErrorMessage(error)}`);
  } finally {
    engine?.free();
    await Promise.allSettled(opened.map((a) => a.dispose()));
  }
}

function engineErrorMessage(error: unknown): string {
  if (lastPanic) {
    const panic = lastPanic;
    lastPanic = null;
    return `engine panic: ${panic}`;
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** Reads prisma/migrations as the engine expects it. */
export async function loadMigrations(dir = migrationsDir): Promise<MigrationList> {
  const entries = existsSync(dir) ? await readdir(dir, { withFileTypes: true }) : [];
  const folders = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? await readFile(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      folders.map(async (folder) => {
        const file = path.join(dir, folder, 'migration.sql');
        const content = existsSync(file) ? { tag: 'ok' as const, value: await readFile(file, 'utf8') } : { tag: 'error' as const, value: `missing ${file}` };
        return { path: folder, migrationFile: { path: 'migration.sql', content } };
      }),
    ),
  };
}

/** Names of committed migrations the database has not finished applying (all of them if it has none). */
async function unappliedMigrations(connectionString: string, names: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const exists = await client.query(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present`);
    if (!exists.rows[0]?.present) return names;
    const done = await client.query<{ migration_name: string }>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Set(done.rows.map((r) => r.migration_name));
    return names.filter((n) => !applied.has(n));
  } finally {
    await client.end();
  }
}

/** Applies pending migrations; returns the names applied now. */
export async function applyMigrations(target: MigrationTarget, say: (line: string) => void = () => {}): Promise<string[]> {
  const migrationsList = await loadMigrations();
  // Up to date is the usual case at start-up: answer it without loading the engine.
  const pending = await unappliedMigrations(
    target.connectionString,
    migrationsList.migrationDirectories.map((d) => d.path),
  );
  if (!pending.length) return [];
  say(`database: applying ${pending.length} migration${pending.length === 1 ? '' : 's'}`);
  return withEngine(target, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return out.appliedMigrationNames;
  });
}

/** SQL that takes the schema built by the committed migrations to prisma/schema.prisma ('' if none). */
export async function diffMigrationsToSchema(target: MigrationTarget): Promise<string> {
  const migrationsList = await loadMigrations();
  const datamodel = await readFile(schemaPath, 'utf8');
  return withEngine(target, async (engine) => {
    const from = migrationsList.migrationDirectories.length ? ({ tag: 'migrations', ...migrationsList } as const) : ({ tag: 'empty' } as const);
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: datamodel }] },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    return result.exitCode === 0 ? '' : (result.stdout ?? '');
  });
}

/** Writes prisma/migrations/<timestamp>_<name>/migration.sql for the schema changes not yet migrated. */
export async function createMigration(target: MigrationTarget, name: string, now = new Date()): Promise<string | null> {
  if (!/^[a-z0-9_]{1,60}$/.test(name)) throw new Error('migration name: 1 to 60 characters of a-z, 0-9 and _');
  const sql = await diffMigrationsToSchema(target);
  if (!sql.trim()) return null;
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const folder = path.join(migrationsDir, `${stamp}_${name}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'migration.sql'), sql);
  const lock = path.join(migrationsDir, 'migration_lock.toml');
  if (!existsSync(lock)) {
    await writeFile(
      lock,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return folder;
}

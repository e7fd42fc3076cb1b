// Opens the service's database: the PostgreSQL server named by DATABASE_URL, or else the embedded
// PGlite database in DATA_DIR. Both are migrated by the same migrator and reached by one client.
import type { Config } from '../config.ts';
import { createPrisma, type PrismaClient, type PrismaOptions } from './client.ts';
import type { EmbeddedDatabase } from './embedded.ts';
import { applyMigrations, type MigrationTarget } from './migrator.ts';
import { keepWebAssemblyOnBaselineTier } from './query-compiler.ts';

export interface Database {
  kind: 'embedded' | 'server';
  /** False when this process reaches an embedded database another process owns (serves). */
  ownsFiles: boolean;
  connectionString: string;
  prisma: PrismaClient;
  /** Round-trip time of `SELECT 1`, in milliseconds; throws when the database cannot be reached. */
  ping(timeoutMs?: number): Promise<number>;
  /** Applies pending migrations; `say` hears a line before they run (none when up to date). */
  migrate(say?: (line: string) => void): Promise<string[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions extends PrismaOptions {
  /** For `svc serve`: fail if another process owns the embedded data directory. */
  exclusive?: boolean;
  /** Hears progress lines while an embedded database is created on first start. */
  say?: (line: string) => void;
}

export class DatabaseUnreachableError extends Error {}

function describe(connectionString: string): string {
  const url = new URL(connectionString);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
}

export function migrationTarget(connectionString: string, kind: Database['kind']): MigrationTarget {
  if (kind === 'server') return { connectionString };
  return {
    connectionString,
    shadow: async () => {
      const { openMemoryDatabase } = await import('./embedded.ts');
      const shadow = await openMemoryDatabase();
      return { connectionString: shadow.connectionString, dispose: () => shadow.close() };
    },
  };
}

export async function connectDatabase(
  connectionString: string,
  kind: Database['kind'],
  options: PrismaOptions & { onClose?: () => Promise<void>; ownsFiles?: boolean } = {},
): Promise<Database> {
  // Named statements only on a server: the embedded database's connections share one session.
  const prisma = createPrisma(connectionString, { ...options, preparedStatements: kind === 'server' && (options.preparedStatements ?? true) });
  const ping = async (timeoutMs = 2_000): Promise<number> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        prisma.$queryRaw`SELECT 1`,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new DatabaseUnreachableError(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
    return Math.round(performance.now() - started);
  };
  return {
    kind,
    ownsFiles: options.ownsFiles ?? true,
    connectionString,
    prisma,
    ping,
    migrate: (say) => applyMigrations(migrationTarget(connectionString, kind), say),
    async close() {
      await prisma.$disconnect();
      await options.onClose?.();
    },
  };
}

/** Opens the configured database and checks that it answers (a clear error if it does not). */
export async function openDatabase(config: Pick<Config, 'database'>, options: OpenDatabaseOptions = {}): Promise<Database> {
  let embedded: EmbeddedDatabase | null = null;
  let connectionString = config.database.url;
  if (!connectionString) {
    // PGlite (its modules, and its WebAssembly once opened) is loaded only for the embedded database.
    const { openEmbeddedDatabase } = await import('./embedded.ts');
    embedded = await openEmbeddedDatabase(config.database.dataDir, { exclusive: options.exclusive, say: options.say });
    connectionString = embedded.connectionString;
  } else {
    // No PGlite in this process: Prisma's query compiler stays on the baseline tier (less memory).
    keepWebAssemblyOnBaselineTier();
  }
  const { say: _say, ...prismaOptions } = options;
  const db = await connectDatabase(connectionString, embedded ? 'embedded' : 'server', {
    ...prismaOptions,
    poolSize: options.poolSize ?? config.database.poolSize,
    preparedStatements: config.database.preparedStatements,
    onClose: () => embedded?.close() ?? Promise.resolve(),
    ownsFiles: embedded ? embedded.owner : true,
  });
  try {
    await db.ping(5_000);
  } catch (error) {
    await db.close().catch(() => {});
    const reason = error instanceof Error ? error.message.split('\n').filter(Boolean).pop() : String(error);
    throw new DatabaseUnreachableError(`cannot reach the database at ${describe(connectionString)}: ${reason}`);
  }
  return db;
}

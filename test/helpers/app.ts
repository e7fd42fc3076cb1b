// Starts the real HTTP app on an ephemeral port over a test database, for requests with fetch.
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import type { PrismaOptions } from '../../src/db/client.ts';
import { buildServices, type Services } from '../../src/services.ts';
import { buildApp } from '../../src/main.ts';
import type { TestDatabase } from './databases.ts';

export interface TestApp {
  url: string;
  app: FastifyInstance;
  db: Database;
  services: Services;
  config: Readonly<Config>;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({ env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', COMMIT_SHA: 'testcommit', ...env }, envFile: null });
}

export async function startTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  /** Extra routes for a test, added before the app listens. */
  extend?: (app: FastifyInstance, services: Services) => void,
  /** Services to replace, built on the test's database (an injected DNS resolver, say). */
  replace?: (db: Database) => Partial<Services>,
  /** Database client options (onQuery, for query-counting tests). */
  dbOptions: PrismaOptions = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const db = await connectDatabase(database.connectionString, database.kind, { poolSize: 5, ...dbOptions });
  const services = { ...buildServices(config, db), ...replace?.(db) };
  const app = await buildApp({ config, db, services, logger: false });
  extend?.(app, services);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    services,
    config,
    async close() {
      await app.close();
      await services.auth.close();
      await db.close();
    },
  };
}

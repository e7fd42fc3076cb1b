// The schema's committed snapshot (schema/__snapshot__/schema.graphql): the whole SDL of
// schema/*.graphql, types sorted by name, as graphql prints it. test/graphql/snapshot.test.ts
// fails on a breaking change against it (graphql's findBreakingChanges) and when it is stale;
// `npm run schema:snapshot` rewrites it, a deliberate act reviewed in the diff (docs/graphql.md,
// "Schema evolution").
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, findBreakingChanges, findDangerousChanges, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { readTypeDefs, SCHEMA_DIR } from './schema.ts';

export const SNAPSHOT_FILE = path.join(SCHEMA_DIR, '__snapshot__', 'schema.graphql');

/** The SDL of schema/*.graphql as one sorted document. */
export function currentSdl(): string {
  return printSchema(lexicographicSortSchema(buildSchema(readTypeDefs().join('\n')))) + '\n';
}

export const readSnapshot = (): string => readFileSync(SNAPSHOT_FILE, 'utf8');
export const writeSnapshot = (): void => writeFileSync(SNAPSHOT_FILE, currentSdl());

/** What changed from the snapshot to the current schema, each as "TYPE: description". */
export function changesSinceSnapshot(): { breaking: string[]; dangerous: string[] } {
  const before: GraphQLSchema = buildSchema(readSnapshot());
  const after = buildSchema(currentSdl());
  return {
    breaking: findBreakingChanges(before, after).map((c) => `${c.type}: ${c.description}`),
    dangerous: findDangerousChanges(before, after).map((c) => `${c.type}: ${c.description}`),
  };
}

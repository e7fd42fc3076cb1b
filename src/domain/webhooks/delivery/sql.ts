// The dispatcher's hot statements (fan-out, claims, records, releases) go straight to the pg pool
// under the Prisma client: Prisma's per-statement work (argument mapping, the query compiler, result
// conversion) cost more CPU per delivery than the statements themselves (docs/webhooks.md,
// "Measured"). On a PostgreSQL server each statement is prepared once per connection (named), so
// neither side parses or plans it again; the embedded database's socket shares one session among
// its connections, where one connection's named statement would collide with another's, so there
// they stay unnamed. Rows still go through parseRows with a schema of their columns.
import type { PrismaClient } from '../../../db/client.ts';
import { poolQuery } from '../../../db/statements.ts';
import { z } from '../../shared/rows.ts';

/** Sends one statement (`$1`… placeholders) and returns its rows; `name` names the prepared statement. */
export type Sql = (name: string, text: string, values: readonly unknown[]) => Promise<{ rows: unknown[]; rowCount: number }>;

/** `prepared: false` sends them unnamed even where the client prepares statements (db/statements.ts). */
export function poolSql(prisma: PrismaClient, prepared?: boolean): Sql {
  return (name, text, values) => poolQuery(prisma, { name: `webhooks_${name}`, text, values, ...(prepared === undefined ? {} : { prepared }) });
}

/** A bigint column as pg hands it over (text), or as a BigInt. */
export const bigintColumn = z.union([z.bigint(), z.string().regex(/^-?\d+$/)]).transform((v) => BigInt(v));

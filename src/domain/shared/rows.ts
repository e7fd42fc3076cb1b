// Raw-SQL results are checked against a schema of the columns the statement selects, not cast:
// a changed statement then fails loudly where it is read instead of changing a model silently.
import { z } from 'zod';

export { z };

/** The array schema of each row schema, made once (making one costs more than parsing a small page). */
const arrays = new WeakMap<z.ZodType, z.ZodArray<z.ZodType>>();

/** The rows of a $queryRaw, parsed with the schema of one row. */
export function parseRows<S extends z.ZodType>(schema: S, rows: unknown): Array<z.output<S>> {
  let array = arrays.get(schema);
  if (!array) arrays.set(schema, (array = z.array(schema)));
  return array.parse(rows) as Array<z.output<S>>;
}

/** Column types as the PostgreSQL driver returns them. */
export const col = {
  int: z.number().int(),
  /** bigint / count(*) without a cast: a BigInt, read as a number. */
  bigint: z.union([z.bigint(), z.number()]).transform((v) => Number(v)),
  text: z.string(),
  date: z.date(),
  float: z.number(),
  /** numeric / decimal: a finite number however the driver hands it over (text, number or a Decimal). */
  numeric: z
    .custom<string | number | { toString(): string }>((v) => v !== null && v !== undefined && Number.isFinite(Number(String(v))), 'a finite numeric value')
    .transform((v) => Number(String(v))),
  bool: z.boolean(),
};

/** Whether a Prisma error is a unique-constraint violation (P2002): a concurrent insert won. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === 'P2002';

// The two modules of pg that a custom query (a Submittable, as pg-cursor is) builds on: the row
// parser of a result and the mapping of a parameter to its wire text. Not declared by @types/pg.
declare module 'pg/lib/result.js' {
  import type { CustomTypesConfig, FieldDef } from 'pg';

  /** The rows of one statement, parsed as pg parses them (the types' text parsers by column). */
  export default class Result {
    constructor(rowMode: 'array' | undefined, types: CustomTypesConfig | undefined);
    rows: unknown[];
    rowCount: number | null;
    addFields(fields: FieldDef[]): void;
    parseRow(values: unknown[]): unknown;
    addRow(row: unknown): void;
    addCommandComplete(message: { text?: string; command?: string }): void;
  }
}

declare module 'pg/lib/utils.js' {
  const utils: {
    /** A parameter as pg sends it: null, a Buffer, or text (Dates in local time, arrays as literals, objects as JSON). */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}

// Value types every module's declared types share.

/** A decimal column as the data layer returns it (Prisma's Decimal); doors read it as text. */
export type DecimalLike = { toString(): string };

/** A JSON object a service hands to storage (event props, ledger meta): plain data, no undefined in arrays. */
export type JsonValue = string | number | boolean | null | JsonObject | readonly JsonValue[];
export interface JsonObject {
  readonly [key: string]: JsonValue | undefined;
}

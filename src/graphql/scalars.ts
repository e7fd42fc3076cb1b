// The custom scalars: DateTime (ISO 8601 UTC with milliseconds), Date (YYYY-MM-DD), Decimal
// (exact, as a string) and JSONObject. Bad input values are BAD_USER_INPUT errors before execution.
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d{1,20}(\.\d{1,10})?$/;

const invalid = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function parseDateTime(value: unknown): Date {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw invalid('DateTime: an ISO 8601 string with a time zone, such as 2026-01-31T09:15:00.000Z');
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid('DateTime: not a valid instant');
  return date;
}

function isValidDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function literal(ast: ValueNode, kinds: Kind[], name: string): string {
  if (!kinds.includes(ast.kind) || !('value' in ast) || typeof ast.value !== 'string') throw invalid(`${name}: expected a string literal`);
  return ast.value;
}

function jsonFromAst(ast: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((v) => jsonFromAst(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, jsonFromAst(f.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
    default:
      throw invalid('JSONObject: not a JSON value');
  }
}

function jsonObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid('JSONObject: expected an object');
  return value as Record<string, unknown>;
}

export const scalars = {
  DateTime: new GraphQLScalarType<Date, string>({
    name: 'DateTime',
    serialize(value) {
      const date = value instanceof Date ? value : new Date(String(value));
      if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime: cannot serialize an invalid date');
      return date.toISOString();
    },
    parseValue: parseDateTime,
    parseLiteral: (ast) => parseDateTime(literal(ast, [Kind.STRING], 'DateTime')),
  }),
  Date: new GraphQLScalarType<string, string>({
    name: 'Date',
    serialize(value) {
      if (value instanceof Date) return value.toISOString().slice(0, 10);
      if (typeof value === 'string' && isValidDate(value)) return value;
      throw new GraphQLError('Date: cannot serialize this value');
    },
    parseValue(value) {
      if (typeof value !== 'string' || !isValidDate(value)) throw invalid('Date: a calendar date, YYYY-MM-DD');
      return value;
    },
    parseLiteral(ast) {
      const value = literal(ast, [Kind.STRING], 'Date');
      if (!isValidDate(value)) throw invalid('Date: a calendar date, YYYY-MM-DD');
      return value;
    },
  }),
  Decimal: new GraphQLScalarType<string, string>({
    name: 'Decimal',
    // Database decimals arrive as text (raw SQL) or decimal.js values (Prisma); both print exactly.
    serialize(value) {
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) throw new GraphQLError('Decimal: cannot serialize a non-finite number');
        return String(value);
      }
      if (value !== null && (typeof value === 'string' || typeof value === 'object')) return String(value);
      throw new GraphQLError('Decimal: cannot serialize this value');
    },
    parseValue(value) {
      if (typeof value !== 'string' || !DECIMAL.test(value)) throw invalid('Decimal: a decimal number as a string, such as "12.50"');
      return value;
    },
    parseLiteral(ast) {
      const value = literal(ast, [Kind.STRING], 'Decimal');
      if (!DECIMAL.test(value)) throw invalid('Decimal: a decimal number as a string, such as "12.50"');
      return value;
    },
  }),
  JSONObject: new GraphQLScalarType<Record<string, unknown>, Record<string, unknown>>({
    name: 'JSONObject',
    serialize: (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}),
    parseValue: jsonObject,
    parseLiteral: (ast, variables) => jsonObject(jsonFromAst(ast, variables)),
  }),
};

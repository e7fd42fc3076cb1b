// What every `svc` command shares: argument parsing (a bad argument is a UsageError, exit 2),
// the output channels and the --json printing rule.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config.ts';

export class UsageError extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | undefined>;
export const json: Options = { json: { type: 'boolean', default: false } };

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** One command's invocation: its arguments (after the command words), the config and the output. */
export interface CommandContext {
  config: Readonly<Config>;
  io: Io;
  /** The second command word (`pause` in `svc ai pause`), if any. */
  sub: string | undefined;
  args: string[];
}

export type Command = (ctx: CommandContext) => Promise<number>;

export function parse(args: string[], options: Options, positionals = 0) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(
      positionals ? `expected ${positionals} argument(s), got ${parsed.positionals.length}` : `unexpected argument ${parsed.positionals[0]}`,
    );
  }
  return { values: parsed.values as Values, positionals: parsed.positionals };
}

export function print(io: Io, asJson: boolean, value: object, text: string): void {
  io.out(asJson ? JSON.stringify(value) : text);
}

export function requireString(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--${name} is required`);
  return value.trim();
}

export function parseDate(value: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--expires: not a date: ${value}`);
  return date;
}

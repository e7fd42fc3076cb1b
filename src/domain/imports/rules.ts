// The import request's own parameters, one rule for every door: the kind (`orders`, `customers`,
// `products`, `ad_spend` or `expenses`; `ad-spend` is the CLI's spelling of `ad_spend`), the format and the source. A bad one is invalid_parameter with its name.
import { AppError } from '../../errors.ts';
import type { CommerceSource } from '../shared/enums.ts';
import { IMPORT_FORMATS, IMPORT_KINDS, type ImportFormat, type ImportKind } from './records.ts';

const SOURCES: Record<string, CommerceSource> = { shopify: 'shopify', 'woo-commerce': 'woo_commerce', 'mercado-libre': 'mercado_libre' };

export function parseImportInput(input: { kind?: unknown; format?: unknown; source?: unknown }): {
  kind: ImportKind;
  format: ImportFormat;
  source: CommerceSource;
} {
  const kind = typeof input.kind === 'string' ? input.kind.replace('-', '_') : input.kind;
  if (!IMPORT_KINDS.includes(kind as ImportKind)) throw new AppError('invalid_parameter', `kind must be one of ${IMPORT_KINDS.join(', ')}.`, { param: 'kind' });
  if (!IMPORT_FORMATS.includes(input.format as ImportFormat)) throw new AppError('invalid_parameter', `format must be csv or ndjson.`, { param: 'format' });
  const source = input.source === undefined ? 'shopify' : SOURCES[String(input.source)];
  if (!source) throw new AppError('invalid_parameter', `source must be one of ${Object.keys(SOURCES).join(', ')}.`, { param: 'source' });
  return { kind: kind as ImportKind, format: input.format as ImportFormat, source };
}

/** A source as the API spells it (woo-commerce), the reverse of the parameter rule above. */
export function sourceName(source: CommerceSource): string {
  return Object.keys(SOURCES).find((name) => SOURCES[name] === source) ?? source;
}

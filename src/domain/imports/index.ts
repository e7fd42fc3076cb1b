// File imports (docs/imports.md): the import door's use cases. Files are read into ingestion
// records and written through src/domain/ingestion; this module has no commerce rules.
export { importsService, type ImportsDeps, type ImportsService } from './service.ts';
export { IMPORT_FORMATS, IMPORT_KINDS, type ImportFormat, type ImportKind } from './records.ts';
export { KEPT_REJECTIONS, type Counters } from './repo.ts';
export { parseImportInput, sourceName } from './rules.ts';
export type * from './types.ts';

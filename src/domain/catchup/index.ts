// The analytics catch-up's public surface: the port the ingestion commands call when they write
// (onChanged), the run the job queue makes of it, and the due signal the job runner listens to.
export { catchupService, type CatchupService, type CatchupDeps } from './service.ts';
export { CATCHUP_JOB, marksOf } from './rules.ts';
export { onCatchupDue } from './wakeup.ts';
export type { ChangeSet, OnChanged, Mark, MarkKind } from './types.ts';

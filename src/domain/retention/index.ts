// The retention module's public surface.
export * from './service.ts';
export type { RetainedTable, PartitionedTable } from './repo.ts';

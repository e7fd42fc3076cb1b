// The retention module's public surface.
export { PARTITION_MONTHS_AHEAD, retentionService, type RetentionService } from './service.ts';
export type { RetainedTable, PartitionedTable } from './repo.ts';

// The ingestion commands (work in progress: the signatures are final, the bodies follow).
import type { PrismaClient } from '../../db/client.ts';
import type { IngestionService } from './index.ts';
import type { ChangeSet, OnChanged } from './types.ts';

export const noChanges: OnChanged = async () => {};

export function emptyChangeSet(): ChangeSet {
  return { days: [], customerIds: [], skus: [] };
}

export function ingestionService(prisma: PrismaClient, ports: { onChanged?: OnChanged } = {}): IngestionService {
  void prisma;
  void ports;
  const pending = (): never => {
    throw new Error('ingestion: not implemented yet');
  };
  return {
    upsertOrders: async () => pending(),
    upsertRefunds: async () => pending(),
    cancelOrders: async () => pending(),
    upsertCustomers: async () => pending(),
    upsertProducts: async () => pending(),
    setInventoryLevels: async () => pending(),
    upsertAdSpend: async () => pending(),
    upsertExpenses: async () => pending(),
    deleteRecords: async () => pending(),
    redactCustomers: async () => pending(),
    redactShop: async () => pending(),
    bulkUpsertOrders: async () => pending(),
    getRefundAttribution: async () => pending(),
    setRefundAttribution: async () => pending(),
  };
}

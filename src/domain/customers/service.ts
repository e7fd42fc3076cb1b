// Customers: contact fields are editable; metrics are computed from orders.
import type { PrismaClient } from '../../db/client.ts';
import { customersRepo } from './repo.ts';

export function customersService(prisma: PrismaClient) {
  const repo = customersRepo(prisma);
  return {
    /** Recomputes orders count, revenue, AOV, LTV, churn score and segment; returns rows changed. */
    recomputeMetrics: (accountId: string, now = new Date()) => repo.recomputeMetrics(accountId, now),
  };
}

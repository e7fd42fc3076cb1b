// Options for the few transactions that carry a whole account's aggregation (a velocity or
// customer-metrics UPDATE over a million orders takes seconds): Prisma's default limit is 5 s.
export const LONG_TRANSACTION = { maxWait: 15_000, timeout: 120_000 } as const;

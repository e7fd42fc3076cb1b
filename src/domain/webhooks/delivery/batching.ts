// How much the dispatcher takes per statement (docs/webhooks.md, "Delivery engine"). Every
// statement costs a round trip and, on a loaded machine, a wait for the database to be scheduled,
// so claims are large (a claim of 64 took about as long as one of 256).

/** Deliveries claimed at most (in flight, waiting for their destination, or waiting for their record). */
export const DEFAULT_CONCURRENCY = 512;
/** Deliveries claimed by one statement at most. */
export const DEFAULT_CLAIM_BATCH = 256;

/** The dispatcher's sizes from its options: claimed at most, per claim, per destination's queue, per fan-out. */
export function batchSizes(options: { concurrency?: number; claimBatch?: number; fanOutBatch?: number }) {
  const claimBatch = Math.max(1, options.claimBatch ?? DEFAULT_CLAIM_BATCH);
  return {
    concurrency: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY),
    claimBatch,
    /** Deliveries waiting for one destination before its subscriptions are left out of claims. */
    queueCap: claimBatch,
    /** Events fanned out by one statement at most. */
    fanOutBatch: Math.max(1, options.fanOutBatch ?? 200),
  };
}

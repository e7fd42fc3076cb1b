// Subscriptions a dispatcher saw become inactive in its records (deactivated by their failures, or
// revoked): its deliveries of them that were claimed before and still wait for their destination
// are cancelled instead of sent (docs/webhooks.md: a deactivated subscription's pending deliveries
// are dropped). The database cancels the others when the attempt is recorded (repo.ts). Remembered
// for a claim's lease: no delivery claimed before is held longer, and a subscription enabled again
// is sent its later claims as usual.

export function inactiveSubscriptions(leaseMs: number) {
  const seenAt = new Map<number, number>();
  return {
    /** Subscriptions a record found inactive (now). */
    seen(ids: Iterable<number>): void {
      const at = performance.now();
      for (const [id, when] of seenAt) if (at - when > leaseMs) seenAt.delete(id);
      for (const id of ids) seenAt.set(id, at);
    },
    /** Whether a delivery of `subscriptionId` claimed at `claimedAt` (performance.now()) was claimed before its subscription was seen inactive. */
    claimedBefore(subscriptionId: number, claimedAt: number): boolean {
      const at = seenAt.get(subscriptionId);
      if (at === undefined) return false;
      if (performance.now() - at > leaseMs) {
        seenAt.delete(subscriptionId);
        return false;
      }
      return claimedAt <= at;
    },
  };
}

// How much the dispatcher may claim now (dispatcher.ts; docs/webhooks.md, "Delivery engine"): the
// free room of its `concurrency`, and the subscriptions left out of a claim because their
// destination is full (its queue at `queueCap`) or held back by its circuit.
import { randomUUID } from 'node:crypto';
import type { ClaimRequest } from './claims.ts';
import type { Destinations } from './destinations.ts';
import type { waitingQueue } from './waiting.ts';

export interface RoomState {
  concurrency: number;
  claimBatch: number;
  queueCap: number;
  leaseMs: number;
  waiting: ReturnType<typeof waitingQueue>;
  dest: Destinations;
  /** Started deliveries not yet recorded. */
  inFlight: { readonly size: number };
  /** Each subscription seen in a claim, with its destination. */
  destinationOfSubscription: Map<number, string>;
  /** The destinations among those. */
  knownDestinations: ReadonlySet<string>;
  now: () => Date;
  stopping: () => boolean;
}

export function claimRoom(s: RoomState) {
  const { concurrency, claimBatch, queueCap, waiting, dest, inFlight, destinationOfSubscription } = s;

  /** `concurrency` less the claimed not yet recorded, those of full or held destinations set aside up to
   * `concurrency` (a slow receiver does not shrink the others' claims; 2 x `concurrency` claimed at most). */
  function freeRoom(): number {
    const at = s.now().getTime();
    return concurrency - inFlight.size - waiting.count + waiting.claimedFor((key) => !dest.canStart(key, at), concurrency);
  }

  const worthClaiming = () => inFlight.size + waiting.count === 0 || freeRoom() >= Math.ceil(Math.min(claimBatch, concurrency) / 4);

  return {
    freeRoom,
    worthClaiming,
    /** What a claim may take now: the free room, not the subscriptions whose destination is full or held back. */
    claimRequest(at: Date): ClaimRequest {
      const room = s.stopping() ? 0 : Math.min(freeRoom(), claimBatch);
      const full = (key: string) => dest.heldUntil(key, at.getTime()) !== null || waiting.length(key) >= queueCap;
      const skipSubscriptions = [...destinationOfSubscription].filter(([, key]) => full(key)).map(([id]) => id);
      return { limit: Math.max(0, room), leaseUntil: new Date(at.getTime() + s.leaseMs), token: randomUUID(), skipSubscriptions };
    },
    /** Room to claim new deliveries, and a destination known to take them (or none known yet). */
    roomForNew(): boolean {
      if (s.stopping()) return false;
      const at = s.now().getTime();
      let taker = s.knownDestinations.size === 0;
      for (const key of s.knownDestinations) if ((taker = dest.heldUntil(key, at) === null && waiting.length(key) < queueCap)) break;
      return taker && worthClaiming();
    },
    /** The destinations a claim left out. */
    skippedOf: (claim: ClaimRequest) => new Set((claim.skipSubscriptions ?? []).map((id) => destinationOfSubscription.get(id)!)),
  };
}

// Claimed deliveries waiting for their destination to have room, per destination (a URL's
// origin), oldest first: the dispatcher starts them as sends end, without a database round trip,
// and gives back those it cannot start (a circuit holds the destination back, they waited too long,
// or the dispatcher stops). It also counts, per destination, the started deliveries not yet recorded.
import type { ClaimedDelivery } from './claims.ts';

export interface Waiting {
  delivery: ClaimedDelivery;
  /** The claim's token (only its holder may record or release the delivery). */
  token: string;
  /** performance.now() when claimed. */
  claimedAt: number;
}

export function waitingQueue() {
  const lists = new Map<string, Waiting[]>();
  const started = new Map<string, number>();
  let count = 0;
  return {
    /** Deliveries waiting in all. */
    get count(): number {
      return count;
    },
    /** A delivery of `key` has started (it stays counted for `key` until `recorded`). */
    started(key: string): void {
      started.set(key, (started.get(key) ?? 0) + 1);
    },
    recorded(key: string): void {
      const left = (started.get(key) ?? 1) - 1;
      if (left > 0) started.set(key, left);
      else started.delete(key);
    },
    /** Deliveries waiting or started and not yet recorded, of the destinations for which `busy` holds (`cap` at most). */
    claimedFor(busy: (key: string) => boolean, cap: number): number {
      let n = 0;
      for (const [key, list] of lists) if (busy(key)) n += list.length + (started.get(key) ?? 0);
      for (const [key, count] of started) if (!lists.has(key) && busy(key)) n += count;
      return Math.min(n, cap);
    },
    /** Deliveries waiting for `key`. */
    length: (key: string): number => lists.get(key)?.length ?? 0,
    push(key: string, item: Waiting): void {
      let list = lists.get(key);
      if (!list) lists.set(key, (list = []));
      list.push(item);
      count++;
    },
    /** Hands `start` the waiting deliveries, oldest first per destination, while `canStart` allows. */
    startWhile(canStart: (key: string) => boolean, start: (key: string, item: Waiting) => void): void {
      for (const [key, list] of lists) {
        while (list.length && canStart(key)) {
          count--;
          start(key, list.shift()!);
        }
        if (!list.length) lists.delete(key);
      }
    },
    /**
     * Takes out the deliveries for which `dueAt` gives a time (when they are to be due again) and
     * returns them grouped by claim token and that time.
     */
    takeOut(dueAt: (key: string, item: Waiting) => Date | null): Array<{ token: string; dueAt: Date; ids: bigint[] }> {
      const groups = new Map<string, { token: string; dueAt: Date; ids: bigint[] }>();
      for (const [key, list] of lists) {
        const keep = list.filter((item) => {
          const due = dueAt(key, item);
          if (due === null) return true;
          const group = `${item.token} ${due.getTime()}`;
          if (!groups.has(group)) groups.set(group, { token: item.token, dueAt: due, ids: [] });
          groups.get(group)!.ids.push(item.delivery.id);
          return false;
        });
        count -= list.length - keep.length;
        if (keep.length) lists.set(key, keep);
        else lists.delete(key);
      }
      return [...groups.values()];
    },
  };
}

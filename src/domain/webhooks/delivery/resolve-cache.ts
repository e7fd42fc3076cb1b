// Name resolution for the dispatcher, remembered for a few seconds per host name: without it every
// attempt waits for a getaddrinfo on libuv's small thread pool (measured: the largest single cost
// of a delivery to a fast receiver). Safety is unchanged: the address check still runs on every
// attempt over the remembered answer, and the socket still goes to a checked address. Failed or
// empty answers are not remembered; lookups of one name at once share one resolution.
import { systemResolver, type Resolver } from '../url-safety.ts';

export const RESOLVE_CACHE_MS = 5_000;
const MAX_NAMES = 10_000;

export function cachingResolver(resolver: Resolver = systemResolver, ttlMs = RESOLVE_CACHE_MS, clock: () => number = () => performance.now()): Resolver {
  const answers = new Map<string, { at: number; addresses: Promise<string[]> }>();
  return (hostname) => {
    const now = clock();
    const hit = answers.get(hostname);
    if (hit && now - hit.at < ttlMs) return hit.addresses;
    if (answers.size >= MAX_NAMES) answers.clear();
    const addresses = Promise.resolve().then(() => resolver(hostname));
    const entry = { at: now, addresses };
    answers.set(hostname, entry);
    const forget = () => {
      if (answers.get(hostname) === entry) answers.delete(hostname);
    };
    addresses.then((list) => (Array.isArray(list) && list.length ? undefined : forget()), forget);
    return addresses;
  };
}

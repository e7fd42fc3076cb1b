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

/** A URL that passed the dispatch-time check, with the addresses a send may connect to. */
export interface CheckedTarget {
  url: URL;
  addresses: string[];
}

/**
 * The dispatch-time address check of a URL, its passing verdict remembered for as long as the name's
 * resolution is (`ttlMs`): the check is a function of the URL, the allowed hosts and the resolved
 * addresses, and those addresses are the remembered answer for that long anyway, so the verdict
 * cannot differ; remembering it spares every attempt the URL parse, the checks and their timers.
 * A refusal is not remembered (the next attempt checks again).
 */
export function rememberedChecks(check: (url: string) => Promise<CheckedTarget>, ttlMs = RESOLVE_CACHE_MS, clock: () => number = () => performance.now()) {
  const passed = new Map<string, { at: number; target: CheckedTarget }>();
  return async (url: string): Promise<CheckedTarget> => {
    const hit = passed.get(url);
    const now = clock();
    if (hit && now - hit.at < ttlMs) return hit.target;
    const target = await check(url);
    if (passed.size >= MAX_NAMES) passed.clear();
    passed.set(url, { at: now, target });
    return target;
  };
}

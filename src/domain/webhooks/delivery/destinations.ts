// Isolation between receivers: a destination is a URL's origin (scheme, host, port: what one pool
// of keep-alive sockets serves). Each has a limit on sends in flight, so a slow receiver holds at
// most that many of the dispatcher's slots, and a circuit: after `failuresToOpen` consecutive
// attempts without an answer (timeout, connection refused or reset) it opens and nothing is sent to
// that destination for `openMs` (doubling after each failed probe up to `maxOpenMs`); then one
// probe goes out, and an answer closes it. An HTTP error status is an answer: it does not count
// (the delivery's own retry schedule and the subscription's fail_count deal with it).

export interface DestinationLimits {
  /** Sends in flight to one destination at most (equal to the agent's sockets per host). */
  perDestination: number;
  /** Consecutive unanswered attempts that open the circuit. */
  failuresToOpen: number;
  openMs: number;
  maxOpenMs: number;
}

export const DEFAULT_DESTINATION_LIMITS: DestinationLimits = { perDestination: 8, failuresToOpen: 5, openMs: 30_000, maxOpenMs: 300_000 };

/** The destination of a URL: its origin (an unparsable URL is its own destination); remembered per URL (a parse per claimed delivery showed). */
const origins = new Map<string, string>();
export function destinationOf(url: string): string {
  let origin = origins.get(url);
  if (origin === undefined) {
    try {
      origin = new URL(url).origin;
    } catch {
      origin = url;
    }
    if (origins.size >= 10_000) origins.clear();
    origins.set(url, origin);
  }
  return origin;
}

interface State {
  inFlight: number;
  failures: number;
  /** When the circuit opened last; null when closed. */
  openUntil: number | null;
  openFor: number;
  probing: boolean;
}

export function destinations(limits: DestinationLimits = DEFAULT_DESTINATION_LIMITS) {
  const states = new Map<string, State>();
  const state = (key: string): State => {
    let s = states.get(key);
    if (!s) states.set(key, (s = { inFlight: 0, failures: 0, openUntil: null, openFor: limits.openMs, probing: false }));
    return s;
  };

  return {
    limits,
    /** Until when the circuit holds sends back (ms since epoch), or null when a send may go now. */
    heldUntil(key: string, now: number): number | null {
      const s = states.get(key);
      if (!s || s.openUntil === null) return null;
      if (now < s.openUntil) return s.openUntil;
      return s.probing ? now + 1_000 : null; // half open: one probe at a time
    },
    /** True when a send may start now: below the limit, circuit not holding it back. */
    canStart(key: string, now: number): boolean {
      const s = states.get(key);
      return !s || (s.inFlight < limits.perDestination && this.heldUntil(key, now) === null);
    },
    /** True when the destination takes no more work now (full or held back). */
    busy(key: string, now: number): boolean {
      return !this.canStart(key, now);
    },
    started(key: string): void {
      const s = state(key);
      s.inFlight++;
      if (s.openUntil !== null) s.probing = true;
    },
    /** `answered`: the receiver answered (any status), or the attempt failed before sending (no count). */
    finished(key: string, result: 'answered' | 'unanswered' | 'not-sent', now: number): 'opened' | null {
      const s = state(key);
      s.inFlight = Math.max(0, s.inFlight - 1);
      const wasProbe = s.probing;
      s.probing = false;
      if (result === 'answered') {
        s.failures = 0;
        s.openUntil = null;
        s.openFor = limits.openMs;
        return null;
      }
      if (result === 'not-sent') return null;
      s.failures++;
      if (wasProbe) {
        s.openFor = Math.min(s.openFor * 2, limits.maxOpenMs);
        s.openUntil = now + s.openFor;
        return 'opened';
      }
      if (s.openUntil === null && s.failures >= limits.failuresToOpen) {
        s.openUntil = now + s.openFor;
        return 'opened';
      }
      return null;
    },
    /** Forgets idle, closed destinations (bounded memory over many receivers). */
    prune(): void {
      for (const [key, s] of states) if (s.inFlight === 0 && s.openUntil === null && s.failures === 0) states.delete(key);
    },
  };
}

export type Destinations = ReturnType<typeof destinations>;

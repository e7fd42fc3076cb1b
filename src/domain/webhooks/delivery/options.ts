// The dispatcher's settings and counters (dispatcher.ts; docs/webhooks.md, "Delivery engine").
import type https from 'node:https';
import type { PrismaClient } from '../../../db/client.ts';
import type { Resolver } from '../url-safety.ts';
import type { DestinationLimits } from './destinations.ts';
import type { SecretBox } from '../secret-box.ts';

export interface DispatcherOptions {
  prisma: PrismaClient;
  log?: (message: string) => void;
  /** Host names exempt from the address checks (WEBHOOK_ALLOW_PRIVATE_HOSTS; tests only). */
  allowHosts?: readonly string[];
  /** An extra trusted CA in PEM (WEBHOOK_EXTRA_CA_FILE; tests only), added to the public roots. */
  extraCa?: string | null;
  /** Opens the stored signing secrets (encrypted at rest, secret-box.ts). */
  secrets?: SecretBox;
  /** Name resolution for the dispatch-time check (tests inject one). */
  resolver?: Resolver;
  /** Per-attempt deadline; 10 s as decided. Shorter only in tests. */
  timeoutMs?: number;
  /** How long a claim holds; must exceed an attempt. Default: timeout + 30 s. */
  leaseMs?: number;
  /** Deliveries claimed at once (in flight plus waiting for their destination). */
  concurrency?: number;
  /** Deliveries claimed by one statement at most. */
  claimBatch?: number;
  /** Sends in flight per destination (and sockets per destination of the own agent); the circuit's settings. */
  perDestination?: number;
  circuit?: Partial<Omit<DestinationLimits, 'perDestination'>>;
  /** Events fanned out per statement at most. */
  fanOutBatch?: number;
  /** The safety-net poll when no wake-up comes. */
  pollMs?: number;
  /** Wake-ups from other processes (PostgreSQL LISTEN); returns its closer. */
  wakeups?: (wake: () => void) => { close(): Promise<void> };
  /** The clock (tests move it to make retries due). */
  now?: () => Date;
  /** Uniform [0, 1) for the jitter. */
  random?: () => number;
  /**
   * false: send the hot statements unnamed even where the client prepares statements (by default
   * they are named on a PostgreSQL server with DATABASE_PREPARED_STATEMENTS on: db/statements.ts).
   */
  preparedStatements?: boolean;
  /** The HTTPS agent (tests pass one that counts connections). */
  agent?: https.Agent;
}

export interface DispatchStats {
  fannedOut: number;
  attempted: number;
  succeeded: number;
  failed: number;
}

/** What was done between two readings of the counters. */
export function statsSince(before: DispatchStats, now: DispatchStats): DispatchStats {
  return {
    fannedOut: now.fannedOut - before.fannedOut,
    attempted: now.attempted - before.attempted,
    succeeded: now.succeeded - before.succeeded,
    failed: now.failed - before.failed,
  };
}

// The demo account: a store with 400 days of believable history (customers, products, orders,
// ad spend, expenses, integrations, an AI credit ledger and alert rules), so that every screen
// and job of the service has something to show.
//
// Two promises:
// - Deterministic. All randomness comes from a fixed-seed PRNG, and every timestamp is placed
//   relative to the start of the UTC day of `now`, so seeding on the same day gives the same rows.
// - Idempotent and atomic. Everything is written in one transaction that first checks whether
//   the account exists; a second run writes nothing and a failed run leaves nothing behind.
//
// The data is generated in memory first (pure functions in generate.ts, generate-time.ts and
// generate-orders.ts), then written by repo.ts in a handful of multi-row statements.
import type { PrismaClient } from '../db/client.ts';
import { DEMO_ACCOUNT_ID, generateDemo } from './generate.ts';
import { makeTimeline } from './generate-time.ts';
import { analyzeTables, demoAccountExists, writeDemo, zeroCounts, type SeedProgress } from './repo.ts';

export type { SeedProgress };

export { DEMO_ACCOUNT_ID };

export interface SeedResult {
  accountId: string;
  created: boolean;
  counts: Record<string, number>;
}

export async function seedDemoAccount(prisma: PrismaClient, options: { now?: Date; progress?: SeedProgress } = {}): Promise<SeedResult> {
  const timeline = makeTimeline(options.now ?? new Date());
  try {
    const result = await prisma.$transaction(
      async (tx): Promise<SeedResult> => {
        if (await demoAccountExists(tx)) return notCreated();
        const demo = generateDemo(timeline);
        const counts = await writeDemo(tx, demo, options.progress);
        return { accountId: DEMO_ACCOUNT_ID, created: true, counts };
      },
      { timeout: 600_000, maxWait: 10_000 },
    );
    // Fresh statistics for the planner after a bulk load (the embedded database has no
    // autovacuum to collect them; without them list queries sort whole tables).
    if (result.created) await analyzeTables(prisma);
    return result;
  } catch (error) {
    // Two seeds racing: the loser's insert of the account fails once the winner commits. The
    // demo exists, which is what the caller wanted.
    const exists = await demoAccountExists(prisma).catch(() => false);
    if (exists) return notCreated();
    throw error;
  }
}

function notCreated(): SeedResult {
  return { accountId: DEMO_ACCOUNT_ID, created: false, counts: zeroCounts() };
}

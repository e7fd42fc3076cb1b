// Waiting for a condition the test observes, bounded by a generous deadline (never a fixed sleep,
// never a measured duration): the loop looks again every 20 ms.
import { setTimeout as sleep } from 'node:timers/promises';

/** Waits until `check` holds (bounded); the failure message says what was awaited. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for: ${what}`);
    await sleep(20);
  }
}

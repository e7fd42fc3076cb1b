// Group commit of attempts: attempts that finish while a write is running are recorded together by
// the next one (one statement for many), so the database round trips do not grow with the send rate.
import type { DeliveryRepo, RecordInput } from './repo.ts';

/** Attempts recorded by one statement at most. */
const MAX_RECORD_BATCH = 200;

export function attemptRecorder(repo: DeliveryRepo, options: { deactivateAt: number; now: () => Date; log: (message: string) => void }) {
  let queue: Array<{ input: RecordInput; done: (recorded: boolean) => void; fail: (error: unknown) => void }> = [];
  let writing: Promise<void> | null = null;

  async function flush(): Promise<void> {
    while (queue.length) {
      const batch = queue.slice(0, MAX_RECORD_BATCH);
      queue = queue.slice(batch.length);
      try {
        const result = await repo.recordAttempts(
          batch.map((b) => b.input),
          options.deactivateAt,
          options.now(),
        );
        for (const [id, counters] of result.subscriptions) {
          if (!counters.active && counters.failCount >= options.deactivateAt)
            options.log(`webhook subscription ${id}: ${counters.failCount} consecutive failed attempts; deactivated`);
        }
        for (const b of batch) b.done(result.recorded.has(b.input.id));
      } catch (error) {
        for (const b of batch) b.fail(error);
      }
    }
    writing = null;
  }

  /** Resolves true when the attempt was recorded, false when its claim no longer held. */
  return function record(input: RecordInput): Promise<boolean> {
    return new Promise<boolean>((done, fail) => {
      queue.push({ input, done, fail });
      writing ??= flush();
    });
  };
}

// Group commit of attempts: attempts that finish while a write is running, or within a short wait
// before it, are recorded together by the next one (one statement for many), so the database round
// trips do not grow with the send rate.
import type { DeliveryRepo, RecordInput } from './repo.ts';

/** Attempts recorded by one statement at most. */
const MAX_RECORD_BATCH = 256;
/**
 * Before each statement the recorder waits up to this long for FULL_BATCH attempts: a statement
 * per handful of attempts cost more CPU on both sides than its rows (docs/webhooks.md, "Measured").
 * The send's slot was freed before; only the record waits, and the claim stays held meanwhile.
 */
export const RECORD_LINGER_MS = 20;
const FULL_BATCH = 128;

export interface RecorderOptions {
  deactivateAt: number;
  now: () => Date;
  log: (message: string) => void;
  lingerMs?: number;
  /** Attempts that may still join a batch (sends running, deliveries waiting); at 0 a batch goes at once. */
  pending?: () => number;
  /** Told the subscriptions a batch found no longer active (deactivated by it, or before). */
  onInactive?: (subscriptionIds: number[]) => void;
}

export function attemptRecorder(repo: DeliveryRepo, options: RecorderOptions) {
  const lingerMs = options.lingerMs ?? RECORD_LINGER_MS;
  // No wait when nothing else is coming (the last attempts of a burst, a lone delivery).
  const worthWaiting = () => queue.length < FULL_BATCH && (options.pending?.() ?? 1) > 0;
  let queue: Array<{ input: RecordInput; done: (recorded: boolean) => void; fail: (error: unknown) => void }> = [];
  let writing: Promise<void> | null = null;
  let wakeEarly: (() => void) | null = null;

  /** Waits up to lingerMs for a full batch. */
  async function linger(): Promise<void> {
    if (lingerMs <= 0 || !worthWaiting()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, lingerMs);
      wakeEarly = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeEarly = null;
  }

  async function flush(): Promise<void> {
    while ((await linger(), queue.length)) {
      const batch = queue.slice(0, MAX_RECORD_BATCH);
      queue = queue.slice(batch.length);
      try {
        const result = await repo.recordAttempts(
          batch.map((b) => b.input),
          options.deactivateAt,
          options.now(),
        );
        const inactive = [...result.subscriptions].filter(([, counters]) => !counters.active);
        for (const [id, counters] of inactive) {
          if (counters.failCount >= options.deactivateAt)
            options.log(`webhook subscription ${id}: ${counters.failCount} consecutive failed attempts; deactivated`);
        }
        if (inactive.length) options.onInactive?.(inactive.map(([id]) => id));
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
      if (!worthWaiting()) wakeEarly?.();
      writing ??= flush();
    });
  };
}

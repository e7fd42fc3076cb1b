// last_used_at without a write per request: uses are remembered in memory and written in one
// statement every few seconds (and on close). A crash loses at most one interval of timestamps.
export interface LastUsedSink {
  touchLastUsed(entries: Array<{ id: number; at: Date }>): Promise<unknown>;
}

export function lastUsedTracker(sink: LastUsedSink, intervalMs = 10_000, onError: (e: unknown) => void = () => {}) {
  let pending = new Map<number, Date>();
  let flushing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (!pending.size) return flushing;
    const entries = [...pending].map(([id, at]) => ({ id, at }));
    pending = new Map();
    flushing = flushing.then(() => sink.touchLastUsed(entries).then(() => undefined, onError));
    return flushing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    touch(id: number, at = new Date()): void {
      pending.set(id, at);
    },
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type LastUsedTracker = ReturnType<typeof lastUsedTracker>;

// A process-local signal: a write here queued a catch-up due in `ms`, so this process's catch-up
// worker looks then instead of at its next poll (workers in other processes poll).
type Listener = () => void;
const listeners = new Set<Listener>();
let timer: NodeJS.Timeout | null = null;

/** A catch-up is due in `ms` (one timer for every write meanwhile). */
export function signalCatchupDue(ms: number): void {
  if (timer || listeners.size === 0) return;
  timer = setTimeout(() => {
    timer = null;
    for (const listener of listeners) listener();
  }, ms + 5).unref();
}

/** Calls `listener` when a catch-up queued in this process is due; returns the unsubscribe. */
export function onCatchupDue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

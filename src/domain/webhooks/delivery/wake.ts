// How the dispatcher's rounds wait: for a kick (a send ended, a delivery was recorded, a signal), for
// a kick or a time-out (the loop's pause), and for the rest of the current turn of the event loop
// (settle: answers that arrived together free their slots and kick, and one round then serves them
// all; a round per kick cost more than the rounds did anything).
export function wakeSwitch() {
  let kicked = false;
  let wakeLoop: (() => void) | null = null;
  const waiters: Array<() => void> = [];
  return {
    /** Whether a kick came since the last reset. */
    get kicked(): boolean {
      return kicked;
    },
    reset(): void {
      kicked = false;
    },
    kick(): void {
      kicked = true;
      for (const wake of waiters.splice(0)) wake();
      wakeLoop?.();
    },
    /** Resolves at the next kick. */
    nextKick: (): Promise<void> => new Promise<void>((wake) => waiters.push(wake)),
    /** Waits for a kick or `ms`; true when the time ran out. */
    pause(ms: number): Promise<boolean> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => done(true), ms);
        function done(timedOut: boolean) {
          clearTimeout(timer);
          wakeLoop = null;
          resolve(timedOut);
        }
        wakeLoop = () => done(false);
      });
    },
    settle: (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve)),
  };
}

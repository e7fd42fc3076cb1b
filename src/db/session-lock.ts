// The embedded database's one session, taken by one wire connection at a time (first come, first served).
export class SessionLock {
  private owner: number | null = null;
  private waiters: Array<{ id: number; resolve: () => void }> = [];

  async acquire(id: number): Promise<void> {
    if (this.owner === id) return;
    if (this.owner === null) {
      this.owner = id;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push({ id, resolve }));
  }

  release(id: number): void {
    if (this.owner !== id) return;
    const next = this.waiters.shift();
    this.owner = next ? next.id : null;
    next?.resolve();
  }

  forget(id: number): void {
    this.waiters = this.waiters.filter((w) => w.id !== id);
  }

  heldBy(id: number): boolean {
    return this.owner === id;
  }
}

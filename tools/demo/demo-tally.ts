/** Counts what a demo run created and what it found from an earlier run. */
export class DemoTally {
  created = 0;
  reused = 0;

  /** Finds `what` with `find`, else creates it with `create`; counts which one happened. */
  async ensure<T>(find: () => Promise<T | undefined>, create: () => Promise<T>): Promise<T> {
    const found = await find();
    if (found !== undefined) {
      this.reused += 1;
      return found;
    }
    this.created += 1;
    return create();
  }

  /** For a write that changes something only when needed (a status move, an upsert that created). */
  changed(didChange: boolean): void {
    if (didChange) this.created += 1;
    else this.reused += 1;
  }
}

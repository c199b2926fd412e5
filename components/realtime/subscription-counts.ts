/** Reference counts per topic id: the socket subscribes on the first user and unsubscribes after the last. */
export class SubscriptionCounts {
  readonly #counts = new Map<string, number>();

  /** Returns true when this is the first reference (time to subscribe). */
  add(id: string): boolean {
    const count = this.#counts.get(id) ?? 0;
    this.#counts.set(id, count + 1);
    return count === 0;
  }

  /** Returns true when this was the last reference (time to unsubscribe). */
  remove(id: string): boolean {
    const count = this.#counts.get(id) ?? 0;
    if (count <= 1) {
      this.#counts.delete(id);
      return count === 1;
    }
    this.#counts.set(id, count - 1);
    return false;
  }

  keys(): string[] {
    return [...this.#counts.keys()];
  }
}

/** Wraps an unsubscribe so calling it twice cannot release someone else's reference. */
export function once(action: () => void): () => void {
  let hasRun = false;
  return () => {
    if (hasRun) return;
    hasRun = true;
    action();
  };
}

/** Per key, the last piece of work queued (settled or not); an entry goes once its work is the last and has ended. */
export type SerialChains = Map<string, Promise<unknown>>;

/**
 * Runs `work` once everything queued before it under `key` has settled, so work on one thing (a plan,
 * a session, a file) never overlaps while different keys run side by side. The result is `work`'s own,
 * rejection included; a failure does not stop what is queued after it.
 */
export function runSerially<T>(chains: SerialChains, key: string, work: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  const result = previous.then(work, work);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  chains.set(key, tail);
  void tail.then(() => {
    if (chains.get(key) === tail) chains.delete(key);
  });
  return result;
}

/**
 * One instance per Node process. Arbor's server loads `lib/` through tsx while Next bundles
 * its own copy for route handlers; state that both must share (database client, run manager,
 * event hub) therefore lives on globalThis under a well-known symbol, not in module scope.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const symbol = Symbol.for(`arbor.${key}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  let value = store[symbol];
  if (value === undefined) {
    value = create();
    store[symbol] = value;
  }
  return value;
}

/** Replaces a process singleton (tests and shutdown use this to reset state). */
export function resetProcessSingleton(key: string): void {
  delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(`arbor.${key}`)];
}

/** Installs `value` as the process singleton `key`, replacing any earlier one. */
export function replaceProcessSingleton<T>(key: string, value: T): void {
  (globalThis as unknown as Record<symbol, T>)[Symbol.for(`arbor.${key}`)] = value;
}

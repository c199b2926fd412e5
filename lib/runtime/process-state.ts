/**
 * Process-lifetime state not in the runtime context (docs/decisions/0024-four-process-slots.md).
 * It lives on globalThis under `Symbol.for` keys because the server and Next's route bundle load
 * separate copies of lib/. Each slot is defined once, with `defineProcessState`, by its owning
 * module; an unlisted key does not compile, and a unit test checks each is defined exactly once.
 * State that belongs to a shared object (a database client, the process host) hangs off that
 * object instead (attached-state.ts); the rest is the context's.
 */
export const PROCESS_STATE = {
  context:
    "lib/context/current-context.ts: the runtime context the server builds at boot, for Next's bundled route handlers",
  config:
    "lib/config/current-config.ts: the validated configuration (env + flags), installed at boot; its data directory decides what trust means, read under isRepositoryTrusted's seventeen callers",
  processHost:
    "lib/process-host/current-process-host.ts: what starts claude, git and gh processes, and the secrets their environments keep out, read under every process start",
  eventLoopDelay: "lib/runtime/process-metrics.ts: the event-loop delay histogram for /api/health/metrics",
} as const;

export type ProcessStateKey = keyof typeof PROCESS_STATE;

export interface ProcessSlot<T> {
  /** The value, created on first use. */
  get(): T;
  /** The value if it was created, without creating it. */
  peek(): T | undefined;
  /** Installs a value, replacing any earlier one (boot, tests). */
  replace(value: T): void;
  /** Forgets the value; the next `get` creates a new one. */
  reset(): void;
}

/** Declares the slot `key` of the process state, created by `create` on first use. */
export function defineProcessState<T>(key: ProcessStateKey, create: () => T): ProcessSlot<T> {
  const symbol = Symbol.for(`arbor.${key}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return {
    get() {
      let value = store[symbol];
      if (value === undefined) {
        value = create();
        store[symbol] = value;
      }
      return value;
    },
    peek: () => store[symbol],
    replace(value) {
      store[symbol] = value;
    },
    reset() {
      delete store[symbol];
    },
  };
}

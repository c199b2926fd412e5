/**
 * Process-lifetime state not in the runtime context (docs/decisions/0019-process-state-in-the-context.md).
 * It lives on globalThis under `Symbol.for` keys because the server (tsx) and Next's route bundle
 * load separate copies of lib/. Each slot is defined once, with `defineProcessState`, by its owning
 * module; an unlisted key does not compile, and a unit test checks each is defined exactly once.
 */
export const PROCESS_STATE = {
  context:
    "lib/context/current-context.ts: the runtime context the server builds at boot, for Next's bundled route handlers",
  config: "lib/config/current-config.ts: the validated configuration (env + flags), installed at boot",
  db: "lib/db/client.ts: the Prisma client on the configured database",
  localInstance:
    "lib/team/local-instance.ts: this process's instance (host name + data directory), per database client",
  teamFeed: "lib/team/team-feed.ts: the LISTEN/NOTIFY connection that carries events between instances (PostgreSQL)",
  processHost: "lib/process-host/current-process-host.ts: what starts claude, git and gh processes",
  childEnvSecrets:
    "lib/process-host/child-env-source.ts: values no child process may see in its environment (the hook token), installed at boot",
  eventHub:
    "lib/realtime/event-hub.ts: the runtime context's hub, still reached directly by lib/checks/ and the worktree watchers",
  sqliteSideConnections:
    "lib/db/sqlite-side-connection.ts: the plain connection beside Prisma's, per SQLite file, and whether it may checkpoint",
  walCheckpointers:
    "lib/db/keep-wal-short.ts: the running WAL checkpoint worker per SQLite file, which bulk writers wait for",
  localGitConfig:
    "lib/git/safety/local-git-config.ts: each folder's repository filter names, kept while its config files are unchanged",
  mergeTreeResults:
    "lib/git/run/merge-tree-cache.ts: what git merge-tree said about commit pairs already merged (the merge order, the merged badge), while the merge settings are unchanged",
  checkBatches:
    "lib/checks/run/check-batches.ts: the checks running in each worktree, so a new run cancels the old one",
  landingGates:
    "lib/checks/gate/landing-gates.ts: the lands whose checks are running per repository, so the user can cancel them",
  checkDebounces: "lib/checks/run/schedule-checks.ts: automatic check runs waiting for a worktree to settle",
  checkSettledTrees:
    "lib/checks/run/settled-trees.ts: each worktree's files as they were when its last checks ended, so the checks' own writes do not start them again",
  worktreeWatchers:
    "lib/changes/worktree-watchers.ts: one file watcher per worktree a browser is looking at, with how many look",
  shutdownTasks: "server/shutdown.ts: work to finish before the process exits",
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

/**
 * Every React Query key, for both sides: the browser caches under these keys and the server's
 * `invalidate` messages name them, so renaming one here renames it everywhere. A key called
 * without its last arguments is the prefix that matches all of its family (e.g.
 * `queryKeys.activity()` is every repository's activity).
 */
type Filter = object;

export const queryKeys = {
  pins: () => ["repo-pins"] as const,
  worktrees: (repoId?: string) => (repoId === undefined ? (["worktrees"] as const) : (["worktrees", repoId] as const)),
  /** Each linked worktree's commits and lines against the default branch (cards and the control room). */
  worktreeProgress: (repoId: string) => ["worktree-progress", repoId] as const,
  activity: (repoId?: string) => (repoId === undefined ? (["activity"] as const) : (["activity", repoId] as const)),
  /** Every pinned repository's worktrees by urgency: refreshed wherever activity is. */
  attention: () => ["attention"] as const,
  /** A worktree's pull request as gh sees it, with the drafted title and body (the row's badge and dialog). */
  pullRequest: (repoId: string, worktreePath: string) => ["pull-request", repoId, worktreePath] as const,
  /** A new worktree's setup output so far, filled from `setup_output` messages (never fetched). */
  setupOutput: (setupId: string) => ["setup-output", setupId] as const,
  /** The command line of a new worktree's setup once it started, from `setup_started` (never fetched). */
  setupStarted: (setupId: string) => ["setup-started", setupId] as const,
  /** What of a design node's new worktree's setup needs the user (browser-side only, set by the create mutation). */
  nodeSetupProblems: (planId: string, slug: string) => ["node-setup-problems", planId, slug] as const,
  /** The setup id of a design node's "Create branch and worktree" while it runs (browser-side only). */
  nodeSetupRunning: (planId: string, slug: string) => ["node-setup-running", planId, slug] as const,
  /** What the New worktree dialog proposes for a repository (branches, naming rule, setup). */
  newWorktree: (repoId: string) => ["new-worktree", repoId] as const,
  settings: () => ["settings"] as const,
  /** The browsers signed in to this Arbor (Settings), and which one this is. */
  signInSessions: () => ["sign-in-sessions"] as const,
  /** A repository's overrides of the settings, with the Arbor-wide and effective values. */
  repoSettings: (repoId: string) => ["repo-settings", repoId] as const,
  /** Whether this instance offers a repository's clone to the team's plans (a runner). */
  runner: (repoId: string) => ["runner", repoId] as const,
  /** What a repository would run and whether the user trusts it. */
  trust: (repoId: string) => ["trust", repoId] as const,

  chatSession: (repoId: string, worktreePath: string) => ["chat-session", repoId, worktreePath] as const,
  messages: (sessionId: string) => ["messages", sessionId] as const,
  liveRuns: (sessionId: string) => ["live-runs", sessionId] as const,
  /** Mutation key of a send, so the composer can tell a send is in flight. */
  send: (sessionId: string) => ["send", sessionId] as const,

  summary: (sessionId: string) => ["summary", sessionId] as const,
  worktreeSessions: (repoId: string, worktreePath: string) => ["sessions", repoId, worktreePath] as const,
  search: (repoId: string, query: string) => ["search", repoId, query] as const,

  plans: (repoId: string) => ["plans", repoId] as const,
  /** A plan's run (GET /api/plans/{planId}/run); `plan_run` messages refresh it. */
  planRun: (planId: string) => ["plan-run", planId] as const,
  sandboxOffer: (repoId: string) => ["sandbox-offer", repoId] as const,
  /** What a repository's agents cost (GET /api/repos/{repoId}/costs); a run's end refreshes it. */
  costs: (repoId: string) => ["costs", repoId] as const,
  /** Without a plan: every dashboard of the repository (one per chosen plan). */
  dashboard: (repoId: string, planId?: string | null) =>
    planId === undefined ? (["dashboard", repoId] as const) : (["dashboard", repoId, planId ?? "latest"] as const),
  /** The order to land a plan's branches; refreshed whenever the dashboard showing it is. */
  mergeOrder: (repoId: string, planId: string) => ["merge-order", repoId, planId] as const,
  /** The repository's land queue as its `land_queue` messages tell it (never fetched). */
  landQueue: (repoId: string) => ["land-queue", repoId] as const,
  rules: (repoId: string) => ["rules", repoId] as const,
  githubStatus: (repoId: string) => ["github-status", repoId] as const,

  hookEvents: (filter?: Filter) =>
    filter === undefined ? (["hook-events"] as const) : (["hook-events", filter] as const),
  hookEvent: (id: number) => ["hook-event", id] as const,
  relays: (filter?: Filter) => (filter === undefined ? (["hook-relays"] as const) : (["hook-relays", filter] as const)),
  /** A worktree's "Import history" job (fetched once, then kept by `history_import` messages). */
  historyImport: (repoId: string, worktreePath: string) => ["history-import", repoId, worktreePath] as const,
  hookSessions: (worktreePath?: string | null) =>
    worktreePath === undefined ? (["hook-sessions"] as const) : (["hook-sessions", worktreePath] as const),

  /**
   * A repository's ledger counts (open tasks, decisions in force per worktree); every list and entry of
   * its ledger is keyed under this prefix, so the server's one invalidation refreshes them all.
   */
  ledger: (repoId: string) => ["ledger", repoId] as const,
  ledgerList: (repoId: string, filter: Filter) => ["ledger", repoId, "list", filter] as const,
  ledgerEntry: (repoId: string, entryId: number) => ["ledger", repoId, "entry", String(entryId)] as const,
  /** The prompt text a run sent (fetched when the receipt's "Show the prompt" is opened). */
  runPrompt: (runId: string) => ["run-prompt", runId] as const,

  policies: (repoId: string) => ["policies", repoId] as const,
  topics: (repoId: string) => ["topics", repoId] as const,
  hookChain: (repoId: string, worktreePath: string) => ["hook-chain", repoId, worktreePath] as const,
  /** Whether Arbor's hooks are installed for a worktree, per settings scope (the chat header's badge). */
  hookStatus: (repoId?: string, worktreePath?: string) =>
    repoId === undefined || worktreePath === undefined
      ? (["hook-status"] as const)
      : (["hook-status", repoId, worktreePath] as const),

  /**
   * A worktree's changes view: every scope and file diff under it (without a path: the repository's).
   * `parts` name one query inside it (`"files", scope`); invalidating the worktree's key covers them all.
   */
  changes: (repoId: string, worktreePath?: string, ...parts: string[]) =>
    worktreePath === undefined
      ? (["changes", repoId] as const)
      : (["changes", repoId, worktreePath, ...parts] as const),
  /** A worktree's checks (the latest run of each), kept live by `check_run` and `check_output` messages. */
  worktreeChecks: (repoId: string, worktreePath: string) => ["worktree-checks", repoId, worktreePath] as const,
  /** What one run changed (its two checkpoints never change, but restores and later runs change what is shown). */
  runChanges: (runId: string) => ["run-changes", runId] as const,

  notifications: () => ["notifications"] as const,
  unreadNotifications: () => ["notifications", "unread"] as const,
  notificationToasts: () => ["notification-toasts"] as const,
  browserNotificationPermission: () => ["browser-notification-permission"] as const,

  /** Requests agents wait on: "pending" (all of Arbor), or a session id (its requests, answered ones too). */
  approvals: (scope?: "pending" | (string & {})) =>
    scope === undefined ? (["approvals"] as const) : (["approvals", scope] as const),
  /** A worktree's permission mode (Ask, Accept edits, Plan, Bypass). */
  /** Without a path: every worktree's mode in the repository. */
  worktreeMode: (repoId: string, worktreePath?: string) =>
    worktreePath === undefined
      ? (["worktree-mode", repoId] as const)
      : (["worktree-mode", repoId, worktreePath] as const),
  /** The "Allow always" rules of a repository (its worktrees' and Arbor-wide ones too). */
  permissionRules: (repoId: string) => ["permission-rules", repoId] as const,
} as const;

/** A key the server may name in an `invalidate` message: strings only, so it survives JSON. */
export type InvalidatableKey = readonly string[];

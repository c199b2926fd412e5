import type { Access } from "@/lib/access/access.ts";
import type { WarmPool } from "@/lib/agent/warm-pool.ts";
import type { ApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import type { ApprovalWaiters } from "@/lib/approvals/approval-waiters.ts";
import type { ChecksPort } from "@/lib/checks/run/checks-port.ts";
import type { HookPoliciesPort } from "@/lib/hook-policies/hook-policies-port.ts";
import type { LedgerPort } from "@/lib/ledger/ledger-port.ts";
import type { MemoryPort } from "@/lib/memory/memory-port.ts";
import type { PinsPort } from "@/lib/pins/pins-port.ts";
import type { PlansPort } from "@/lib/plans/plans-port.ts";
import type { PlanRunner } from "@/lib/plan-runs/plan-runner.ts";
import type { TrustPort } from "@/lib/trust/repo-trust.ts";
import type { PreviousScans } from "@/lib/chat/runs/build-prompt-input.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import type { Db } from "@/lib/db/client.ts";
import type { HistoryImports } from "@/lib/history-import/history-import-job.ts";
import type { HookIngest } from "@/lib/hook-ingest/hook-ingest-state.ts";
import type { UpkeepRuns } from "@/lib/memory/auto-upkeep.ts";
import type { WorktreeWatchers } from "@/lib/changes/worktree-watchers.ts";
import type { ChecksState } from "@/lib/checks/run/checks-state.ts";
import type { SetupStops } from "@/lib/worktrees/setup/setup-stops.ts";
import type { WorktreeHolds } from "@/lib/worktrees/worktree-holds.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";
import type { TeamCommands } from "@/lib/team-commands/team-command.ts";
import type { ProcessHost } from "@/lib/process-host/types.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import type { SettingsCache } from "@/lib/settings/settings-store.ts";
import type { RunEventLog } from "@/lib/realtime/run-event-log.ts";

/**
 * Everything Arbor keeps for the life of its process, built once at boot (server/create-context.ts)
 * and passed to what needs it: a function's parameters say which parts it uses
 * (docs/decisions/0013-one-runtime-context.md). Route handlers reach it through getRuntimeContext().
 */
export interface RuntimeContext {
  /** The validated configuration (env and flags); on a server, with its access token resolved. */
  config: ArborConfig;
  db: Db;
  processHost: ProcessHost;
  /** Publish/subscribe between what produces events and the WebSocket gateway. */
  hub: EventHub;
  /** Sequenced events of running answers, for replay. */
  runEvents: RunEventLog;
  /** claude processes started ahead of a send, one per worktree at most. */
  warmPool: WarmPool;
  /** Runs waiting for the user's answer to a permission request, by approval id. */
  approvalWaiters: ApprovalWaiters;
  /** Each conversation's last scan (memory only: git facts are never stored). */
  previousScans: PreviousScans;
  /** Sessions whose automatic upkeep (summary, Lighten) is under way. */
  upkeepRuns: UpkeepRuns;
  /** Receiving hook events: the group-commit writer, search index, run links, transcript reads, the token. */
  hookIngest: HookIngest;
  /** Settings for hot paths, re-read at most every 2 s; cleared by updateSettings. */
  settingsCache: SettingsCache;
  /** Worktrees a land, abort, removal or setup is changing: closed to runs and to each other. */
  worktreeHolds: WorktreeHolds;
  /** New worktrees' setup commands still running, by setup id, so the user can stop them. */
  setupStops: SetupStops;
  /** "Import history": the running import per worktree, and where its reader threads start. */
  historyImports: HistoryImports;
  /** Pinned worktrees, to place hook events by their cwd; pinning and new worktrees invalidate it. */
  worktreeIndex: WorktreeIndex;
  /** The checks' running batches, cancellable lands, pending automatic runs and settled trees. */
  checks: ChecksState;
  /** One file watcher per worktree a browser is looking at, with how many look. */
  worktreeWatchers: WorktreeWatchers;
  /** One run per worktree, in order, with the concurrency limit. */
  runs: RunManager;
  // The rooms a conversation coordinates, each through a port of its own making (lib/chat imports none of them).
  approvals: ApprovalsPort;
  trust: TrustPort;
  ledger: LedgerPort;
  memory: MemoryPort;
  plans: PlansPort;
  hookPolicies: HookPoliciesPort;
  pins: PinsPort;
  /** The repository's checks as a conversation sees them (`checks` above is their state). */
  repoChecks: ChecksPort;
  /** Plans being run: each plan's queue of changes, and the checks and lands under way. */
  planRuns: PlanRunner;
  /** Who may act for the user; null until the server listens (server/main.ts). */
  access: Access | null;
  /** Asks the instance that owns a repository to act there; null on SQLite, or until team mode runs. */
  teamCommands: TeamCommands | null;
}

/**
 * The JSON bodies of Arbor's API routes, for `callApi<T>()`: the route's lib types, or what its lib
 * function returns. Types only (erased at run time), so tests stay black-box.
 */
import type { SessionView, WorktreeActivity } from "@/lib/realtime/chat-views.ts";
import type { listMessages } from "@/lib/chat/sessions/list-messages.ts";
import type { AcceptedSend } from "@/lib/chat/send/send-message.ts";
import type { RunResult } from "@/lib/chat/runs/read-run.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";
import type { HistoryImportView } from "@/lib/hook-events/transcripts/history-import-progress.ts";
import type { changeHooks } from "@/lib/hook-ingest/install-hooks.ts";
import type { listHookEvents, listHookSessions } from "@/lib/hook-ingest/list-hook-events.ts";
import type { purgeSession } from "@/lib/memory/purge-session.ts";
import type { SearchHit } from "@/lib/memory/search-hit.ts";
import type { SummaryView } from "@/lib/memory/summary-view.ts";
import type { changeLedgerEntry } from "@/lib/ledger/change-entry.ts";
import type { LedgerCounts, LedgerEntryView } from "@/lib/ledger/ledger-types.ts";
import type { readLedgerEntry } from "@/lib/ledger/list-entries.ts";
import type { readRunPrompt } from "@/lib/chat/runs/run-prompt.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import type { createNodeBranch } from "@/lib/worktrees/create/create-node-branch.ts";
import type { GithubAvailability, PlanView, RepoDashboard } from "@/lib/plans/plan-types.ts";
import type { ProjectRulesView } from "@/lib/plans/plan-types.ts";
import type { readHookChain } from "@/lib/hook-policies/hook-chain.ts";
import type { listNotifications } from "@/lib/hook-policies/notifier.ts";
import type { RepoPolicyView } from "@/lib/hook-policies/policy-views.ts";
import type { TopicView } from "@/lib/hook-policies/policy-views.ts";
import type { RepoScan } from "@/lib/git/types.ts";
import type { readProcessMetrics } from "@/lib/runtime/process-metrics.ts";
import type { ClaudeBinView, Settings } from "@/lib/settings/settings-schema.ts";
import type { TrustView } from "@/lib/trust/trust-types.ts";

type Returned<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export type { ErrorBody };

/** POST /api/repo-pins */
export interface PinBody {
  pin: PinView;
  isNew: boolean;
  /** What the repository would run and whether the user trusts it (pinning never trusts). */
  trust: TrustView;
}
/** GET, POST and DELETE /api/repos/:repoId/trust */
export interface TrustBody {
  trust: TrustView;
}
/** GET /api/repo-pins */
export interface PinsBody {
  pins: PinView[];
}
/** GET /api/repos/:repoId/worktrees */
export interface ScanBody {
  scan: RepoScan;
}
/** GET /api/repos/:repoId/activity */
export interface ActivityBody {
  worktrees: WorktreeActivity[];
}

/** POST /api/chat/sessions */
export interface SessionBody {
  session: SessionView;
}
/** GET /api/chat/sessions */
export interface SessionsBody {
  sessions: SessionView[];
}
/** POST /api/chat/send and /api/chat/retry */
/** POST /api/chat/send and /api/chat/retry (202): the stored message and its run, queued. */
export type AcceptedBody = AcceptedSend;
/** GET /api/chat/runs/<id>[?wait=1] */
export type RunResultBody = RunResult;
/** A send followed to its end (sendChat): the user message, the answer and the run as stored. */
export type SendBody = {
  userMessage: RunResult["userMessage"] & object;
  assistantMessage: RunResult["assistantMessage"];
  run: RunResult["run"];
};
/** POST /api/chat/cancel */
export interface CancelBody {
  ok: true;
  wasActive: boolean;
}
/** GET /api/chat/messages */
export type MessagesBody = Returned<typeof listMessages>;
/** POST /api/chat/summarize */
export interface SummarizeBody {
  summary: SummaryView;
}
/** GET /api/chat/summary (null before the first summary), and whether upkeep is working on it now */
export interface SummaryBody {
  summary: SummaryView | null;
  isUpkeepRunning: boolean;
}
/** POST /api/chat/purge */
export type PurgeBody = Returned<typeof purgeSession>;
/** GET /api/chat/search */
export interface SearchBody {
  hits: SearchHit[];
}

/** GET and PUT /api/settings */
export interface SettingsBody {
  settings: Settings;
  claude: ClaudeBinView;
}

/** GET /api/plans */
export interface PlansBody {
  plans: PlanView[];
}
/** POST /api/plans, GET and PATCH /api/plans/:planId */
export interface PlanBody {
  plan: PlanView;
}
/** POST /api/tree-spec */
export interface TreeSpecBody {
  plan: PlanView;
  dashboard: RepoDashboard;
}
/** GET /api/repos/:repoId/dashboard */
export interface DashboardBody {
  dashboard: RepoDashboard;
}
/** POST /api/plans/:planId/propose and /from-issue */
export interface ProposedTreeBody {
  tree: DesignTree;
}
/** POST /api/plans/:planId/nodes/:slug/branch */
export type NodeBranchBody = Returned<typeof createNodeBranch>;
/** GET /api/repos/:repoId/github-status: GithubAvailability, flattened so a test can read `reason` directly */
export interface GithubStatusBody {
  isAvailable: GithubAvailability["isAvailable"];
  reason?: string;
}
/** GET and PUT /api/repos/:repoId/rules */
export interface RulesBody {
  rules: ProjectRulesView;
}

/** POST /api/hooks/install */
export interface HookInstallBody {
  files: Returned<typeof changeHooks>;
}
/** POST, GET and DELETE /api/hooks/import */
export interface HookImportBody {
  job: HistoryImportView | null;
}
/** GET /api/hooks/events */
export type HookEventsBody = Returned<typeof listHookEvents>;
/** GET /api/hooks/events/:id (with the payload; `Payload` is what the test reads of it) */
export interface HookEventBody<Payload = unknown> {
  event: HookEventView & { payload: Payload };
}
/** GET /api/hooks/relays */
export interface RelaysBody {
  relays: RelayView[];
}
/** GET /api/hooks/sessions */
export interface HookSessionsBody {
  sessions: Returned<typeof listHookSessions>;
}
/** GET /api/hooks/chain */
export type HookChainBody = ReturnType<typeof readHookChain>;

/** GET and PUT /api/repos/:repoId/policies */
export interface PoliciesBody {
  policies: RepoPolicyView;
}
/** GET /api/repos/:repoId/topics */
export interface TopicsBody {
  topics: TopicView[];
}
/** GET /api/notifications */
export interface NotificationsBody {
  notifications: Returned<typeof listNotifications>;
}
/** POST /api/notifications/read */
export interface MarkedBody {
  marked: number;
}

/** GET /api/health/metrics */
export type MetricsBody = ReturnType<typeof readProcessMetrics>;

/** GET /api/ledger */
export interface LedgerBody {
  entries: LedgerEntryView[];
}
/** POST /api/ledger */
export interface LedgerEntryBody {
  entry: LedgerEntryView;
}
/** PATCH /api/ledger/:entryId */
export type LedgerChangeBody = Returned<typeof changeLedgerEntry>;
/** GET /api/ledger/:entryId */
export type LedgerHistoryBody = Returned<typeof readLedgerEntry>;
/** GET /api/ledger/counts */
export type LedgerCountsBody = LedgerCounts;
/** GET /api/chat/runs/:runId/prompt */
export type RunPromptBody = Returned<typeof readRunPrompt>;

import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import type { Db } from "@/lib/db/client.ts";
import type { ProcessHost } from "@/lib/process-host/types.ts";
import { WarmPool } from "@/lib/agent/warm-pool.ts";
import { createApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import { createApprovalWaiters } from "@/lib/approvals/approval-waiters.ts";
import { createHistoryImports } from "@/lib/history-import/history-import-job.ts";
import { createHookIngest } from "@/lib/hook-ingest/hook-ingest-state.ts";
import { createHookPoliciesPort } from "@/lib/hook-policies/hook-policies-port.ts";
import { createLedgerPort } from "@/lib/ledger/ledger-port.ts";
import { createMemoryPort } from "@/lib/memory/memory-port.ts";
import { createPinsPort } from "@/lib/pins/pins-port.ts";
import { createPlansPort } from "@/lib/plans/plans-port.ts";
import { createTrustPort } from "@/lib/trust/repo-trust.ts";
import { createRunManager } from "@/lib/chat/runs/chat-runtime.ts";
import { acceptCheckFix } from "@/lib/chat/send/send-check-fix.ts";
import { autoFixFailedChecks } from "@/lib/checks/auto-fix/auto-fix-failed-checks.ts";
import { createChecksPort } from "@/lib/checks/run/checks-port.ts";
import { EventHub } from "@/lib/realtime/event-hub.ts";
import { createChecksState } from "@/lib/checks/run/checks-state.ts";
import { createWorktreeWatchers } from "@/lib/changes/worktree-watchers.ts";
import { createWorktreeIndex } from "@/lib/pins/worktree-index.ts";
import { createSettingsCache } from "@/lib/settings/settings-store.ts";
import { RunEventLog } from "@/lib/realtime/run-event-log.ts";
import { PlanRunner } from "@/lib/plan-runs/plan-runner.ts";
import type { RuntimeContext } from "./runtime-context.ts";

/**
 * Assembles a runtime context around a database and a process host: the server's at boot
 * (server/create-context.ts), a test's own (tests/support/test-context.ts). Everything Arbor keeps
 * for the life of its process is made here, once per context, and handed to what uses it (`hub`,
 * `checks`...); so are the ports through which a conversation reaches the rooms it coordinates.
 * Checks that a run's changes started end in the auto-fix, which sends through lib/chat.
 */
export function createRuntimeContext(input: {
  config: ArborConfig;
  db: Db;
  processHost: ProcessHost;
  /** The file "Import history"'s reader threads start from (server/main.ts); the project's copy otherwise. */
  historyReaderEntry?: string;
}): RuntimeContext {
  const { db } = input;
  const hub = new EventHub();
  const state = {
    db,
    hub,
    settingsCache: createSettingsCache(),
    worktreeIndex: createWorktreeIndex(),
    hookIngest: createHookIngest({ db, dataDir: input.config.dataDir }),
    runEvents: new RunEventLog(hub),
    warmPool: new WarmPool(),
    approvalWaiters: createApprovalWaiters(),
    previousScans: new Map(),
    upkeepRuns: new Map(),
    checks: createChecksState(),
  };
  const ports = {
    approvals: createApprovalsPort(state),
    trust: createTrustPort(state),
    ledger: createLedgerPort(state),
    memory: createMemoryPort(state),
    plans: createPlansPort(state),
    hookPolicies: createHookPoliciesPort(state),
    pins: createPinsPort(state),
    repoChecks: createChecksPort(state),
  };
  // What the run path uses (executeRun's RunContext); the run manager is built around it.
  const runPath = { ...state, ...ports };
  const runs = createRunManager(runPath, {
    onChecksFinished: ({ job, runs: manager, results }) => {
      const sendFix = (fix: { sessionId: string; isAutomatic: true }) =>
        acceptCheckFix({ db, settingsCache: state.settingsCache, runs: manager, repoChecks: ports.repoChecks }, fix);
      void autoFixFailedChecks({ db, hub, runs: manager, sendFix }, { ...job, results }).catch((error: unknown) =>
        console.warn(`[arbor] the automatic fix in ${job.worktreePath} was not sent: ${String(error)}`),
      );
    },
  });
  const ctx: Omit<RuntimeContext, "planRuns"> = {
    config: input.config,
    processHost: input.processHost,
    ...runPath,
    runs,
    worktreeHolds: new Map(),
    setupStops: new Map(),
    worktreeWatchers: createWorktreeWatchers(),
    historyImports: createHistoryImports({ readerEntry: input.historyReaderEntry }),
    access: null,
    teamCommands: null,
  };
  return Object.assign(ctx, { planRuns: new PlanRunner(ctx, { leaseMs: input.config.runnerLeaseMs }) });
}

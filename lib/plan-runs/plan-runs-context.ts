import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import type { ChecksContext } from "@/lib/checks/run/checks-state.ts";
import type { StartTaskContext } from "@/lib/worktrees/create/start-task.ts";

/**
 * What a plan run touches: making worktrees and sending (a task's start), the checks and the
 * land (ChecksContext), and the run manager, whose slots the plan shares with every worktree.
 */
export type PlanRunsContext = StartTaskContext & ChecksContext & { runs: RunManager };

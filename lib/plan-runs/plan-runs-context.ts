import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import type { ChecksContext } from "@/lib/checks/run/checks-state.ts";
import type { TeamCommands } from "@/lib/team-commands/team-command.ts";
import type { StartTaskContext } from "@/lib/worktrees/create/start-task.ts";

/**
 * What a plan run touches: making worktrees and sending (a task's start), the checks and the
 * land (ChecksContext), the run manager, whose slots the plan shares with every worktree, and the
 * team's command queue (null without one), through which nodes go to runners and come back.
 */
export type PlanRunsContext = StartTaskContext &
  ChecksContext & { runs: RunManager; teamCommands: TeamCommands | null };

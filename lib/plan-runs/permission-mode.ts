import { sandboxProblem } from "@/lib/agent/sandbox-support.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { PlanPermissionMode } from "@/lib/plans/run/plan-run-record.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";

/**
 * Refuses a mode the plan's agents cannot start in here. Ask and Accept edits are a worktree's
 * usual modes. Sandboxed lets Claude run commands without asking, inside Claude Code's sandbox: it
 * needs a repository the user trusts and a sandbox that can run (bubblewrap and socat on the PATH
 * Claude gets, on Linux). The CLI is also told to refuse to start without one (failIfUnavailable).
 */
export async function assertPermissionModeOffered(
  db: Db,
  input: { repoId: string; mode: PlanPermissionMode; pathValue: string; platform?: NodeJS.Platform },
): Promise<void> {
  if (input.mode !== "sandboxed") return;
  if (!(await isRepositoryTrusted(db, input.repoId))) {
    throw new AppError(
      "precondition_failed",
      "Sandboxed runs let Claude run commands without asking, inside Claude Code's sandbox: they are offered only in a repository you trust. Trust the repository first, or run the plan in Ask or Accept edits.",
      { details: { problem: "untrusted" } },
    );
  }
  const problem = sandboxProblem({ platform: input.platform ?? process.platform, pathValue: input.pathValue });
  if (problem !== null) {
    throw new AppError("precondition_failed", problem, { details: { problem: "sandbox_unavailable" } });
  }
}

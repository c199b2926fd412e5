import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { PlanPermissionMode } from "@/lib/plans/run/plan-run-record.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";

/**
 * Refuses a mode the plan's agents cannot start in here. Ask and Accept edits are a worktree's
 * usual modes. Sandboxed needs a repository the user trusts, and Claude Code's sandbox wired into
 * the agents' settings, which this version of Arbor does not do yet: it is refused rather than
 * run unsandboxed.
 */
export async function assertPermissionModeOffered(
  db: Db,
  input: { repoId: string; mode: PlanPermissionMode },
): Promise<void> {
  if (input.mode !== "sandboxed") return;
  if (!(await isRepositoryTrusted(db, input.repoId))) {
    throw new AppError(
      "precondition_failed",
      "Sandboxed runs let Claude run commands without asking, inside Claude Code's sandbox: they are offered only in a repository you trust. Trust the repository first, or run the plan in Ask or Accept edits.",
      { details: { problem: "untrusted" } },
    );
  }
  throw new AppError(
    "precondition_failed",
    "Sandboxed runs are not available in this version of Arbor: its agents would run without Claude Code's sandbox. Run the plan in Ask or Accept edits.",
    { details: { problem: "sandbox_unavailable" } },
  );
}

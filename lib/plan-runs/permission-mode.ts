import { sandboxProblem } from "@/lib/agent/sandbox-support.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { PlanPermissionMode } from "@/lib/plans/run/plan-run-record.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";

/** Whether a plan in this repository may run Sandboxed here, and if not, why and what to do. */
export interface SandboxOffer {
  isOffered: boolean;
  problem: "untrusted" | "sandbox_unavailable" | null;
  reason: string | null;
}

const UNTRUSTED =
  "Sandboxed runs let Claude run commands without asking, inside Claude Code's sandbox: they are offered only in a repository you trust. Trust the repository first, or run the plan in Ask or Accept edits.";

/**
 * Sandboxed lets Claude run commands without asking, inside Claude Code's sandbox: it needs a
 * repository the user trusts and a sandbox that can run (bubblewrap and socat on the PATH Claude
 * gets, on Linux). The CLI is also told to refuse to start without one (failIfUnavailable).
 */
export async function readSandboxOffer(
  db: Db,
  input: { repoId: string; pathValue: string; platform?: NodeJS.Platform },
): Promise<SandboxOffer> {
  if (!(await isRepositoryTrusted(db, input.repoId)))
    return { isOffered: false, problem: "untrusted", reason: UNTRUSTED };
  const problem = sandboxProblem({ platform: input.platform ?? process.platform, pathValue: input.pathValue });
  if (problem !== null) return { isOffered: false, problem: "sandbox_unavailable", reason: problem };
  return { isOffered: true, problem: null, reason: null };
}

/** Refuses a mode the plan's agents cannot start in here (Ask and Accept edits always can). */
export async function assertPermissionModeOffered(
  db: Db,
  input: { repoId: string; mode: PlanPermissionMode; pathValue: string; platform?: NodeJS.Platform },
): Promise<void> {
  if (input.mode !== "sandboxed") return;
  const offer = await readSandboxOffer(db, input);
  if (!offer.isOffered) {
    throw new AppError("precondition_failed", offer.reason!, { details: { problem: offer.problem } });
  }
}

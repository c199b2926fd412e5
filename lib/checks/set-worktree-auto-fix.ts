import type { Db } from "@/lib/db/client.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import type { AutoFixView } from "@/lib/realtime/check-views.ts";
import type { AutoFixSetting } from "@/lib/checks/auto-fix/auto-fix-setting.ts";
import { saveAutoFixSetting } from "@/lib/checks/auto-fix/auto-fix-store.ts";
import { toAutoFixView } from "@/lib/checks/auto-fix/auto-fix-view.ts";
import { readCheckReadiness } from "./check-readiness.ts";

const REFUSALS = {
  untrusted:
    "Automatic fixes were not turned on: they follow the repository's checks, which are its own code, and Arbor runs them only in a repository you trust. Review and trust the repository first.",
  no_checks:
    "Automatic fixes were not turned on: no check is configured for this repository, so nothing could fail. Set its checks first (Settings → this repository → Checks).",
} as const;

/**
 * Turns a worktree's automatic "Fix with Claude" on or off (and sets how many fixes in a row);
 * the count of fixes sent starts again from zero. Turning it on is refused (412) where checks
 * cannot run: an untrusted repository, or one without checks.
 */
export async function setWorktreeAutoFix(
  ctx: { db: Db; hub: EventHub },
  input: { repoId: string; worktreePath: string } & AutoFixSetting,
): Promise<AutoFixView> {
  const { db } = ctx;
  const { worktree } = await resolvePinnedWorktree(db, input);
  if (input.enabled) {
    const { reason } = await readCheckReadiness(db, input.repoId);
    if (reason) throw new AppError("precondition_failed", REFUSALS[reason.code], { details: { reason: reason.code } });
  }
  return toAutoFixView(await saveAutoFixSetting(ctx, { ...input, worktreePath: worktree.path }));
}

import type { Db } from "../db/client.ts";
import { applyHookPlan, type HookFileResult } from "./apply-hook-plan.ts";
import { currentDataDir, hookFiles } from "./hook-files.ts";
import { listHookTargets, type HookScope } from "./hook-targets.ts";

/**
 * Installs or removes Arbor's hooks for a worktree, a whole repository or the user. Without
 * `apply` it only previews. Idempotent; the user's own hooks are kept byte for byte, and a
 * file Arbor cannot rewrite safely is reported with the snippet to edit by hand.
 */
export async function changeHooks(
  db: Db,
  input: { scope: HookScope; repoId?: string; worktreePath?: string; action: "install" | "uninstall"; apply: boolean },
): Promise<HookFileResult[]> {
  const targets = await listHookTargets(db, input);
  const files = hookFiles(currentDataDir());
  return targets.map((target) =>
    applyHookPlan({ target, action: input.action, scriptPath: files.scriptPath, backupDir: files.backupDir, apply: input.apply }),
  );
}

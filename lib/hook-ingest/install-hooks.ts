import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { findUnsafeComponent } from "./guarded-files.ts";
import { recorderRulesFile, syncRecorderRules } from "./recorder-rules-file.ts";
import { applyHookPlan } from "./apply-hook-plan.ts";
import type { HookFileResult } from "./hook-file-result.ts";
import { getConfig } from "@/lib/config/current-config.ts";
import { hookFiles } from "./hook-files.ts";
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
  const files = hookFiles(getConfig().dataDir);
  const repo = input.repoId ? await db.repo.findUnique({ where: { id: input.repoId } }) : null;
  return targets.map((target) => {
    const rulesRefusal = target.root
      ? findUnsafeComponent({ root: target.root, file: recorderRulesFile(target.root) })
      : null;
    if (rulesRefusal) {
      return {
        file: target.file,
        outcome: "manual",
        preview: "",
        reason: `Arbor will not install here: ${rulesRefusal} inside the worktree (the repository controls it, and the recorder's rules file would be written through it). Remove the link and install again.`,
        isWritten: false,
      } satisfies HookFileResult;
    }
    const result = applyHookPlan({
      target,
      action: input.action,
      scriptPath: files.scriptPath,
      backupDir: files.backupDir,
      apply: input.apply,
    });
    if (input.apply && repo && result.outcome !== "manual" && target.file.endsWith("settings.local.json")) {
      syncRecorderRules({
        worktreePath: path.dirname(path.dirname(target.file)),
        isInstalled: input.action === "install",
        projectName: repo.name,
        projectId: repo.id.slice(0, 8),
        commonDir: target.commonDir,
      });
    }
    return result;
  });
}

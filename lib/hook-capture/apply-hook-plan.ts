import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { planHookInstall, planHookUninstall } from "@/lib/hooks/hook-settings.ts";
import { HOOK_TIMEOUT_SECONDS, SYNC_HOOK_EVENTS } from "./hook-script.ts";
import { excludeFromGit } from "./exclude-from-git.ts";
import type { HookTarget } from "./hook-targets.ts";
import type { HookFileResult } from "./hook-file-result.ts";

/** Marks Arbor's handlers: the generated script's file name inside a `bin` folder. */
export const ARBOR_MARKER = "/bin/arbor-hook";

/** Quotes the script path for the `command` string (Claude Code runs it through a shell). */
export function hookCommand(scriptPath: string): string {
  return `'${scriptPath.replace(/'/g, `'\\''`)}'`;
}

/**
 * Plans (and with `apply`, writes) Arbor's hooks into one settings file. The original is
 * copied to `<data dir>/backups/` first; the new text is written to a temporary file
 * and renamed, so a crash never leaves a half-written settings file.
 */
export function applyHookPlan(input: {
  target: HookTarget;
  action: "install" | "uninstall";
  scriptPath: string;
  /** Where backups go (Arbor's data directory), so they never show up in `git status`. */
  backupDir: string;
  apply: boolean;
}): HookFileResult {
  const original = existsSync(input.target.file) ? readFileSync(input.target.file, "utf8") : null;
  const fileLabel = input.target.file;
  const plan =
    input.action === "install"
      ? planHookInstall({
          originalText: original,
          handler: (event) => ({
            type: "command",
            command: `${hookCommand(input.scriptPath)}${SYNC_HOOK_EVENTS.has(event) ? " --sync" : ""}`,
            timeout: HOOK_TIMEOUT_SECONDS,
          }),
          marker: ARBOR_MARKER,
          fileLabel,
        })
      : planHookUninstall({ originalText: original, marker: ARBOR_MARKER, fileLabel });
  const result: HookFileResult = {
    file: input.target.file,
    outcome: plan.outcome,
    preview: plan.preview,
    isWritten: false,
  };
  if (plan.outcome === "manual") return { ...result, reason: plan.reason, snippet: plan.snippet };
  if (plan.outcome !== "write" || !input.apply) return result;
  mkdirSync(path.dirname(input.target.file), { recursive: true });
  if (original !== null) {
    mkdirSync(input.backupDir, { recursive: true });
    const name = input.target.file.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+/, "");
    result.backupPath = path.join(input.backupDir, `${name}.${new Date().toISOString().replace(/[:.]/g, "-")}.bak`);
    copyFileSync(input.target.file, result.backupPath);
  }
  const temporary = `${input.target.file}.arbor-tmp-${process.pid}`;
  writeFileSync(temporary, plan.newText);
  renameSync(temporary, input.target.file);
  if (input.target.commonDir && input.target.file.endsWith(`${path.sep}settings.local.json`)) {
    excludeFromGit({ commonDir: input.target.commonDir, pattern: ".claude/settings.local.json" });
  }
  return { ...result, isWritten: true };
}

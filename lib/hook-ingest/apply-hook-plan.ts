import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { planHookInstall, planHookUninstall } from "@/lib/hook-events/settings-file/hook-settings.ts";
import { HOOK_TIMEOUT_SECONDS, SYNC_HOOK_EVENTS } from "./hook-script.ts";
import { excludeFromGit } from "./exclude-from-git.ts";
import { findUnsafeComponent, readTextNoFollow, writeTextNoFollow } from "./guarded-files.ts";
import type { HookTarget } from "./hook-targets.ts";
import type { HookFileResult } from "./hook-file-result.ts";

/** Marks Arbor's handlers: the generated script's file name inside a `bin` folder. */
export const ARBOR_MARKER = "/bin/arbor-hook";

/** Quotes the script path for the `command` string (Claude Code runs it through a shell). */
export function hookCommand(scriptPath: string): string {
  return `'${scriptPath.replace(/'/g, `'\\''`)}'`;
}

/** Arbor's handler for `event` exactly as it is written into settings files (and passed to untrusted runs). */
export function arborHookHandler(input: { scriptPath: string; event: string }): {
  type: "command";
  command: string;
  timeout: number;
} {
  return {
    type: "command",
    command: `${hookCommand(input.scriptPath)}${SYNC_HOOK_EVENTS.has(input.event) ? " --sync" : ""}`,
    timeout: HOOK_TIMEOUT_SECONDS,
  };
}

/**
 * Plans (and with `apply`, writes) Arbor's hooks into one settings file. The original is
 * copied to `<data dir>/backups/` first; the new text is written to a temporary file
 * and renamed, so a crash never leaves a half-written settings file. Inside a worktree no
 * symbolic link is followed (the repository controls them): such a file is refused.
 */
export function applyHookPlan(input: {
  target: HookTarget;
  action: "install" | "uninstall";
  scriptPath: string;
  /** Where backups go (Arbor's data directory), so they never show up in `git status`. */
  backupDir: string;
  apply: boolean;
}): HookFileResult {
  const refusal = refuseLinkedTarget(input.target);
  if (refusal) return refusal;
  const { root } = input.target;
  const original = root
    ? readTextNoFollow(input.target.file)
    : existsSync(input.target.file)
      ? readFileSync(input.target.file, "utf8")
      : null;
  const fileLabel = input.target.file;
  const plan =
    input.action === "install"
      ? planHookInstall({
          originalText: original,
          handler: (event) => arborHookHandler({ scriptPath: input.scriptPath, event }),
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
  // Created just now: check again, so a link planted meanwhile is still refused.
  const lateRefusal = refuseLinkedTarget(input.target);
  if (lateRefusal) return lateRefusal;
  if (original !== null) {
    mkdirSync(input.backupDir, { recursive: true, mode: 0o700 });
    const name = input.target.file.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+/, "");
    result.backupPath = path.join(input.backupDir, `${name}.${new Date().toISOString().replace(/[:.]/g, "-")}.bak`);
    writeFileSync(result.backupPath, original, { mode: 0o600, flag: "wx" });
  }
  if (root) writeTextNoFollow(input.target.file, plan.newText);
  else {
    const temporary = `${input.target.file}.arbor-tmp-${process.pid}`;
    writeFileSync(temporary, plan.newText);
    renameSync(temporary, input.target.file);
  }
  if (input.target.commonDir && input.target.file.endsWith(`${path.sep}settings.local.json`)) {
    excludeFromGit({ commonDir: input.target.commonDir, pattern: ".claude/settings.local.json" });
  }
  return { ...result, isWritten: true };
}

/** A worktree file Arbor will not touch because a link the repository controls is in its way. */
function refuseLinkedTarget(target: HookTarget): HookFileResult | null {
  const reason = target.root ? findUnsafeComponent({ root: target.root, file: target.file }) : null;
  if (!reason) return null;
  return {
    file: target.file,
    outcome: "manual",
    preview: "",
    reason:
      `Arbor will not write ${target.file}: ${reason}, and links inside a repository are the repository's to point ` +
      "anywhere (your shell profile, your SSH keys). Remove the link and install again, or install at user scope.",
    isWritten: false,
  };
}

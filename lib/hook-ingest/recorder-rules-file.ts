import { lstatSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error.ts";
import { buildRecorderRules } from "@/lib/hook-events/meta-tag.ts";
import { excludeFromGit } from "./exclude-from-git.ts";
import { findUnsafeComponent, writeTextNoFollow } from "./guarded-files.ts";

const RULES_FILE = path.join(".claude", "rules", "arbor-recorder.md");

/** Where the recorder's rules file goes in a worktree. */
export function recorderRulesFile(worktreePath: string): string {
  return path.join(worktreePath, RULES_FILE);
}

/**
 * The conversation recorder's rules file in a worktree (`.claude/rules/arbor-recorder.md`,
 * loaded by Claude Code as project memory), written with the hooks and removed with them.
 * Kept out of `git status` through the repository's info/exclude. No link inside the worktree
 * is followed (throws AppError instead).
 */
export function syncRecorderRules(input: {
  worktreePath: string;
  isInstalled: boolean;
  projectName: string;
  projectId: string;
  commonDir: string | null;
}): string {
  const file = recorderRulesFile(input.worktreePath);
  assertNoLink({ root: input.worktreePath, file });
  if (!input.isInstalled) {
    if (exists(file)) rmSync(file);
    return file;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  assertNoLink({ root: input.worktreePath, file });
  writeTextNoFollow(file, buildRecorderRules({ projectName: input.projectName, projectId: input.projectId }));
  if (input.commonDir) excludeFromGit({ commonDir: input.commonDir, pattern: RULES_FILE });
  return file;
}

function assertNoLink(input: { root: string; file: string }): void {
  const reason = findUnsafeComponent(input);
  if (reason) {
    throw new AppError(
      "invalid_input",
      `Arbor will not write ${input.file}: ${reason}, and links inside a repository are the repository's to point anywhere. Remove the link and try again.`,
    );
  }
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

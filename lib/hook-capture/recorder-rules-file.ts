import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildRecorderRules } from "@/lib/hooks/meta-tag.ts";
import { excludeFromGit } from "./exclude-from-git.ts";

const RULES_FILE = path.join(".claude", "rules", "arbor-recorder.md");

/**
 * The conversation recorder's rules file in a worktree (`.claude/rules/arbor-recorder.md`,
 * loaded by Claude Code as project memory), written with the hooks and removed with them.
 * Kept out of `git status` through the repository's info/exclude.
 */
export function syncRecorderRules(input: {
  worktreePath: string;
  isInstalled: boolean;
  projectName: string;
  projectId: string;
  commonDir: string | null;
}): string {
  const file = path.join(input.worktreePath, RULES_FILE);
  if (!input.isInstalled) {
    if (existsSync(file)) rmSync(file);
    return file;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, buildRecorderRules({ projectName: input.projectName, projectId: input.projectId }));
  if (input.commonDir) excludeFromGit({ commonDir: input.commonDir, pattern: RULES_FILE });
  return file;
}

import { explainInvalidBranchName } from "@/lib/design/branch-name.ts";
import { splitNamingRule } from "@/lib/design/naming-rule.ts";
import { proposeWorktreeFolder, folderNameForBranch } from "@/lib/worktrees/create/propose-worktree.ts";
import type { NewWorktreeOptions } from "@/lib/worktrees/worktree-types.ts";

/** What the branch box starts with: the naming rule's text before `{slug}` (`feat/`), so the user types the rest. */
export function initialBranch(rule: string): string {
  try {
    return splitNamingRule(rule).prefix;
  } catch {
    return "";
  }
}

/** The folder proposed for a branch, or "" while the branch is still only the rule's prefix. */
export function proposedFolder(options: NewWorktreeOptions, branch: string): string {
  const trimmed = branch.trim();
  if (trimmed === "" || trimmed === initialBranch(options.namingRule)) return "";
  return proposeWorktreeFolder({
    repoRoot: options.repoRoot,
    slug: folderNameForBranch({ rule: options.namingRule, branch: trimmed }),
  });
}

/** What is wrong with the form before it is sent (the server checks again), or null. */
export function explainBranchProblem(options: NewWorktreeOptions, branch: string): string | null {
  const trimmed = branch.trim();
  if (trimmed === "" || trimmed === initialBranch(options.namingRule)) return null;
  const problem = explainInvalidBranchName(trimmed);
  if (problem) return `This cannot be a branch name: ${problem}.`;
  if (options.branches.includes(trimmed)) return `Branch ${trimmed} already exists. Choose another name.`;
  return null;
}

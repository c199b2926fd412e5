import { splitNulFields } from "@/lib/git/parse/nul-fields.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { manifestPathspecs } from "./dependency-kinds.ts";

/**
 * The dependency manifests and lockfiles (DEPENDENCY_MANIFESTS, at any depth) whose content in
 * `tree` differs from the files in the worktree: `git diff --name-only <tree>` there, which
 * compares the tree with the working files (what the worktree's dependencies were installed from).
 */
export async function listChangedManifests(input: { worktreePath: string; tree: string }): Promise<string[]> {
  const diff = await runGitCommand({
    cwd: input.worktreePath,
    args: ["diff", "--name-only", "-z", "--no-renames", input.tree, "--", ...manifestPathspecs()],
    maxStdoutBytes: 1024 * 1024,
    timeoutMs: 60_000,
  });
  const fields = splitNulFields(diff.stdout);
  // A listing cut short ends in a partial name; what came before is enough to know something changed.
  if (diff.isTruncated) fields.pop();
  return fields.map((field) => Buffer.from(field).toString("utf8"));
}

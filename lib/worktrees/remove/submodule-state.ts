import { existsSync } from "node:fs";
import path from "node:path";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { ignoredWorthKeeping } from "./ignored-only-here.ts";
import { nameFiles } from "@/lib/worktrees/name-files.ts";

/**
 * The submodules checked out in a worktree, what removing it would lose in them (uncommitted
 * changes, commits or stashes on no remote, ignored files only there), and whether git needs
 * `--force` to remove it. git refuses to remove a worktree with submodules unless forced, and the
 * worktree's own status does not look inside them (Arbor's scan ignores their dirty content), so
 * the removal asks here.
 */
export async function readSubmoduleLosses(
  worktreePath: string,
): Promise<{ paths: string[]; losses: string[]; needsForce: boolean }> {
  const listed = await runGitCommand({ cwd: worktreePath, args: ["ls-files", "--stage", "-z"], timeoutMs: 60_000 });
  const paths = gitlinkPaths(listed.stdout.toString("utf8")).filter((relative) =>
    existsSync(path.join(worktreePath, relative, ".git")),
  );
  const losses: string[] = [];
  for (const relative of paths) {
    const cwd = path.join(worktreePath, relative);
    const [status, unpushed, ignored] = await Promise.all([
      runGitCommand({ cwd, args: ["status", "--porcelain", "-z"], timeoutMs: 60_000, isExitCodeChecked: false }),
      runGitCommand({
        cwd,
        // A stash is work too: refs/stash is no branch, so it is named.
        args: ["rev-list", "--count", "HEAD", "--branches", "--glob=refs/stash", "--not", "--remotes"],
        timeoutMs: 60_000,
        isExitCodeChecked: false,
      }),
      runGitCommand({
        cwd,
        args: ["ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z"],
        timeoutMs: 60_000,
        isExitCodeChecked: false,
      }),
    ]);
    if (status.exitCode !== 0 || unpushed.exitCode !== 0 || ignored.exitCode !== 0) {
      losses.push(
        `git could not read its submodule ${relative}; check by hand that nothing in it is unsaved, then remove the worktree in a terminal.`,
      );
      continue;
    }
    if (status.stdout.byteLength > 0)
      losses.push(`Its submodule ${relative} has uncommitted changes; commit and push, or discard them there first.`);
    const onlyThere = ignoredWorthKeeping(ignored.stdout.toString("utf8").split("\0").filter(Boolean));
    if (onlyThere.length > 0)
      losses.push(
        `Its submodule ${relative} has ignored files only there (${nameFiles({ files: onlyThere, max: 3 })}), which would go with it; copy out what you need or delete them first.`,
      );
    const commits = Number.parseInt(unpushed.stdout.toString("utf8").trim(), 10) || 0;
    if (commits > 0)
      losses.push(
        `Its submodule ${relative} has ${commits} ${commits === 1 ? "commit" : "commits"} on no remote; push ${commits === 1 ? "it" : "them"} from there first.`,
      );
  }
  // git also refuses (unless forced) once the worktree's git dir has a modules/ folder, checked out or not.
  const needsForce = paths.length > 0 || existsSync(path.join(await worktreeGitDir(worktreePath), "modules"));
  return { paths, losses, needsForce };
}

/** The worktree's own git dir (`.git/worktrees/<name>` for a linked worktree), as git resolves it. */
async function worktreeGitDir(worktreePath: string): Promise<string> {
  const result = await runGitCommand({
    cwd: worktreePath,
    args: ["rev-parse", "--absolute-git-dir"],
    timeoutMs: 60_000,
  });
  return result.stdout.toString("utf8").trim();
}

/** Paths of gitlinks (mode 160000) in `git ls-files --stage -z` output, each once. Pure. */
export function gitlinkPaths(output: string): string[] {
  const paths = new Set<string>();
  for (const entry of output.split("\0")) {
    const tab = entry.indexOf("\t");
    if (tab > 0 && entry.startsWith("160000 ")) paths.add(entry.slice(tab + 1));
  }
  return [...paths];
}

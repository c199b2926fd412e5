import { existsSync } from "node:fs";
import path from "node:path";
import { runGitCommand } from "@/lib/git/run-git.ts";

/**
 * The submodules checked out in a worktree, and what removing it would lose in them. git refuses
 * to remove a worktree with submodules checked out unless forced, and the worktree's own status
 * does not look inside them (Arbor's scan ignores their dirty content), so the removal asks here.
 */
export async function readSubmoduleLosses(worktreePath: string): Promise<{ paths: string[]; losses: string[] }> {
  const listed = await runGitCommand({ cwd: worktreePath, args: ["ls-files", "--stage", "-z"], timeoutMs: 60_000 });
  const paths = gitlinkPaths(listed.stdout.toString("utf8")).filter((relative) =>
    existsSync(path.join(worktreePath, relative, ".git")),
  );
  const losses: string[] = [];
  for (const relative of paths) {
    const cwd = path.join(worktreePath, relative);
    const [status, unpushed] = await Promise.all([
      runGitCommand({ cwd, args: ["status", "--porcelain", "-z"], timeoutMs: 60_000, isExitCodeChecked: false }),
      runGitCommand({
        cwd,
        args: ["rev-list", "--count", "HEAD", "--branches", "--not", "--remotes"],
        timeoutMs: 60_000,
        isExitCodeChecked: false,
      }),
    ]);
    if (status.exitCode !== 0 || unpushed.exitCode !== 0) {
      losses.push(
        `git could not read its submodule ${relative}; check by hand that nothing in it is unsaved, then remove the worktree in a terminal.`,
      );
      continue;
    }
    if (status.stdout.byteLength > 0)
      losses.push(`Its submodule ${relative} has uncommitted changes; commit and push, or discard them there first.`);
    const commits = Number.parseInt(unpushed.stdout.toString("utf8").trim(), 10) || 0;
    if (commits > 0)
      losses.push(
        `Its submodule ${relative} has ${commits} ${commits === 1 ? "commit" : "commits"} on no remote; push ${commits === 1 ? "it" : "them"} from there first.`,
      );
  }
  return { paths, losses };
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

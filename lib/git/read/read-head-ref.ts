import { runGitCommand } from "@/lib/git/run/run-git.ts";

/** HEAD's commit (null before the first commit) and branch (null when detached), with two small git processes at once. */
export async function readHeadRef(cwd: string): Promise<{ head: string | null; branch: string | null }> {
  const [head, branch] = await Promise.all([
    runGitCommand({ cwd, args: ["rev-parse", "--verify", "-q", "HEAD^{commit}"], okExitCodes: [1] }),
    runGitCommand({ cwd, args: ["symbolic-ref", "-q", "--short", "HEAD"], okExitCodes: [1] }),
  ]);
  return {
    head: head.exitCode === 0 ? head.stdout.toString("utf8").trim() : null,
    branch: branch.exitCode === 0 ? branch.stdout.toString("utf8").trim() : null,
  };
}

/** The commit a revision names, or null when it names none. The revision is never read as an option. */
export async function resolveCommit(input: { cwd: string; revision: string }): Promise<string | null> {
  const result = await runGitCommand({
    cwd: input.cwd,
    args: ["rev-parse", "--verify", "-q", "--end-of-options", `${input.revision}^{commit}`],
    okExitCodes: [1, 128],
  });
  return result.exitCode === 0 ? result.stdout.toString("utf8").trim() : null;
}

/**
 * Commits on `head` and not on `base` (ahead) and the other way round (behind); null when git cannot
 * name one of them (HEAD before its first commit, a base that is gone).
 */
export async function countAheadBehind(input: {
  cwd: string;
  base: string;
  head: string;
}): Promise<{ ahead: number; behind: number } | null> {
  const result = await runGitCommand({
    cwd: input.cwd,
    args: ["rev-list", "--left-right", "--count", "--end-of-options", `${input.base}...${input.head}`],
    okExitCodes: [128],
  });
  if (result.exitCode !== 0) return null;
  const [behind = "0", ahead = "0"] = result.stdout.toString("utf8").trim().split(/\s+/);
  return { ahead: Number(ahead), behind: Number(behind) };
}

/** The newest commit both share, or null when they share no history. */
export async function readMergeBase(input: { cwd: string; a: string; b: string }): Promise<string | null> {
  const result = await runGitCommand({
    cwd: input.cwd,
    args: ["merge-base", "--end-of-options", input.a, input.b],
    okExitCodes: [1],
  });
  return result.exitCode === 0 ? result.stdout.toString("utf8").trim() : null;
}

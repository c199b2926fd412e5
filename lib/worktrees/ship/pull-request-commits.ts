import { runGitCommand } from "@/lib/git/run/run-git.ts";
import type { DraftCommit } from "./pull-request-draft.ts";

/**
 * The ref a pull request's base names here: the local branch, else the remote's branch as last
 * fetched, else null (no such branch). for-each-ref matches whole path parts as prefixes
 * (`refs/heads/feat` lists `refs/heads/feat/x`), so only an exact name counts.
 */
export async function readBaseRef(input: { cwd: string; base: string; remote: string | null }): Promise<string | null> {
  const candidates = [
    `refs/heads/${input.base}`,
    ...(input.remote ? [`refs/remotes/${input.remote}/${input.base}`] : []),
  ];
  const result = await runGitCommand({
    cwd: input.cwd,
    args: ["for-each-ref", "--format=%(refname)", "--", ...candidates],
  });
  const found = new Set(result.stdout.toString("utf8").split("\n"));
  return candidates.find((ref) => found.has(ref)) ?? null;
}

/** The commits `baseRef..branch` (at most 50, newest first), for the draft; none when git cannot say. */
export async function readCommits(input: { cwd: string; baseRef: string; branch: string }): Promise<DraftCommit[]> {
  const result = await runGitCommand({
    cwd: input.cwd,
    args: ["log", "-z", "--max-count=50", "--format=%h%x1f%s", `${input.baseRef}..refs/heads/${input.branch}`, "--"],
    isExitCodeChecked: false,
  });
  if (result.exitCode !== 0) return [];
  return result.stdout
    .toString("utf8")
    .split("\0")
    .filter((record) => record.includes("\x1f"))
    .map((record) => {
      const [shortSha = "", subject = ""] = record.replace(/^\n/, "").split("\x1f");
      return { shortSha, subject };
    });
}

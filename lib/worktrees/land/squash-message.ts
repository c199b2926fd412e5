/**
 * The commit message of a squash landing (git's own is "Squashed commit of the following:" and a
 * dump of every commit). Subject: the one commit's subject, or "Land <branch> (<n> commits)";
 * body: where it came from and each commit's subject, oldest first. Pure.
 */
export function squashMessage(input: {
  branch: string;
  base: string;
  commits: ReadonlyArray<{ shortSha: string; subject: string }>;
}): string {
  const { branch, base, commits } = input;
  const subject =
    commits.length === 1 && commits[0]!.subject.trim() !== ""
      ? commits[0]!.subject.trim()
      : `Land ${branch} (${commits.length} ${commits.length === 1 ? "commit" : "commits"})`;
  const list = commits.map((commit) => `* ${commit.subject.trim() || "(no subject)"} (${commit.shortSha})`).join("\n");
  return `${subject}\n\nSquashed from ${branch} into ${base}:\n\n${list}\n`;
}

/** `git log --reverse --format=%h%x00%s base..branch` output as commits. */
export function parseCommitSubjects(output: string): Array<{ shortSha: string; subject: string }> {
  return output
    .split("\n")
    .filter((line) => line.includes("\0"))
    .map((line) => {
      const [shortSha = "", subject = ""] = line.split("\0");
      return { shortSha, subject };
    });
}

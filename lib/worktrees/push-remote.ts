import { AppError } from "@/lib/errors/app-error.ts";
import { redactCredentialsInText } from "@/lib/git/redact-url.ts";

/**
 * Which remote a branch is pushed to, as git chooses it: `branch.<b>.pushRemote`, else
 * `remote.pushDefault`, else the branch's own remote (`branch.<b>.remote`), else `origin`, else
 * the only remote. Pure; throws when there is none to choose, no way to choose, or when a
 * pushRemote / pushDefault names no remote (git would fail there too: Arbor never pushes
 * elsewhere instead).
 */
export function chooseRemote(input: {
  branch: string;
  branchPushRemote?: string | null;
  pushDefaultRemote?: string | null;
  branchRemote: string | null;
  remotes: readonly string[];
}): string {
  const { branch, branchRemote, remotes } = input;
  if (remotes.length === 0) throw noRemoteToPushTo();
  const chosen = [
    { key: `branch.${branch}.pushRemote`, name: input.branchPushRemote },
    { key: "remote.pushDefault", name: input.pushDefaultRemote },
  ].find((setting) => setting.name);
  if (chosen?.name) {
    if (remotes.includes(chosen.name)) return chosen.name;
    throw new AppError(
      "precondition_failed",
      `git's config sets ${chosen.key} to "${chosen.name}", which is not a remote of this repository (${remotes.join(", ")}). Point it at one in a terminal (\`git config ${chosen.key} <remote>\`) or add that remote (\`git remote add ${chosen.name} <url>\`), then push again.`,
      { details: { reason: "unknown_push_remote" } },
    );
  }
  if (branchRemote && remotes.includes(branchRemote)) return branchRemote;
  if (remotes.includes("origin")) return "origin";
  if (remotes.length === 1 && remotes[0]) return remotes[0];
  throw new AppError(
    "precondition_failed",
    `This repository has several remotes (${remotes.join(", ")}) and none is named origin or set for the branch. Choose one in a terminal (\`git config branch.${branch}.pushRemote <remote>\`, or \`git push -u <remote> ${branch}\`), then Arbor pushes there.`,
  );
}

/** The refusal when the repository has no remote at all, saying how to add one. */
export function noRemoteToPushTo(): AppError {
  return new AppError(
    "precondition_failed",
    "This repository has no remote to push to. Add one in a terminal (`git remote add origin <url>`), then push again.",
  );
}

/**
 * The `git push` arguments: a full refspec from the local branch to `remoteBranch` (where
 * planPushTarget says it goes), with `-u` only when the push sets the upstream (`options`: Arbor's own).
 */
export function buildPushArgs(input: {
  remote: string;
  branch: string;
  remoteBranch: string;
  setsUpstream: boolean;
  options?: readonly string[];
}): string[] {
  return [
    "push",
    "--porcelain",
    ...(input.setsUpstream ? ["-u"] : []),
    ...(input.options ?? []),
    input.remote,
    `refs/heads/${input.branch}:refs/heads/${input.remoteBranch}`,
  ];
}

/**
 * What to tell the user when `git push` failed, from git's stderr: a non-fast-forward names the
 * command that brings the remote's commits in; a refusal by the remote (a protected branch, a
 * pre-receive hook) shows the remote's own words; an unreachable remote says to check its URL.
 * Any URL git quotes is shown without its credentials.
 */
export function explainPushFailure(input: {
  remote: string;
  branch: string;
  /** The branch on the remote the push was to update (default: the same name). */
  remoteBranch?: string;
  stderr: string;
  stdout?: string;
}): AppError {
  const { remote, branch } = input;
  const remoteBranch = input.remoteBranch ?? branch;
  const text = redactCredentialsInText(`${input.stdout ?? ""}\n${input.stderr}`);
  const remoteLines = text
    .split("\n")
    .filter((line) => line.startsWith("remote:"))
    .map((line) => line.slice("remote:".length).trim())
    .filter((line) => line !== "");
  if (/\[rejected\]|\(non-fast-forward\)|\(fetch first\)|Updates were rejected/.test(text))
    return new AppError(
      "conflict",
      `The push was rejected: ${remote}/${remoteBranch} has commits ${branch} does not have (not a fast-forward). Bring them in first with \`git pull --rebase ${remote} ${remoteBranch}\` in the worktree, resolve any conflict, then push again.`,
      { details: { reason: "non_fast_forward" } },
    );
  if (/\[remote rejected\]|pre-receive hook declined|protected branch/i.test(text)) {
    const said = remoteLines.length > 0 ? remoteLines.join(" ") : firstMeaningfulLine(text);
    return new AppError(
      "forbidden",
      `${remote} refused the push of ${branch}: ${said} — the remote protects this branch or runs checks; ask its owner, or push another branch name.`,
      { details: { reason: "remote_rejected", remoteMessage: said } },
    );
  }
  if (
    /does not appear to be a git repository|Could not read from remote|Repository not found|not found|unable to access|Could not resolve host|Connection refused|No such file or directory/i.test(
      text,
    )
  )
    return new AppError(
      "unavailable",
      `The remote ${remote} cannot be reached: ${firstMeaningfulLine(text)}. Check its URL (\`git remote -v\`) and your access, then push again.`,
      { details: { reason: "unreachable" } },
    );
  return new AppError("git_failed", `git push to ${remote} failed: ${firstMeaningfulLine(text)}`, {
    details: { reason: "other", gitMessage: firstMeaningfulLine(text) },
  });
}

function firstMeaningfulLine(text: string): string {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("hint:") && line !== "Done");
  const fatal = lines.find((line) => line.startsWith("fatal:") || line.startsWith("error:"));
  return (fatal ?? lines[0] ?? "git gave no reason").replace(/^(fatal|error): /, "");
}

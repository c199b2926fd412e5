import { AppError } from "@/lib/errors/app-error.ts";

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

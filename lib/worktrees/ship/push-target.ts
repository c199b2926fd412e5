import { shellWord } from "@/lib/worktrees/shell-word.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { PushConfig } from "./push-config.ts";
import { chooseRemote } from "./push-remote.ts";

/** Where a push of a branch goes, and whether it sets the branch's upstream. */
export interface PushTarget {
  remote: string;
  /** The branch on the remote the push updates (with a mismatch: the branch's own name, as a new push would). */
  remoteBranch: string;
  /** The branch has no upstream yet: the push makes `remote/remoteBranch` its upstream (`-u`). */
  setsUpstream: boolean;
  /** Set when git (push.default simple) would refuse: the push must not go ahead (explainUpstreamMismatch). */
  mismatch: UpstreamMismatch | null;
}

/**
 * The branch tracks a branch of another name on the remote it is pushed to; or, with `upstreamRemote`,
 * push.default `upstream` would push it back to that remote while its pushes go to `remote`.
 */
export interface UpstreamMismatch {
  remote: string;
  branch: string;
  upstreamBranch: string;
  upstreamRemote?: string;
}

/**
 * Where `git push` would send `branch`, with git's own choices: the remote as chooseRemote picks it;
 * the same name there, or the tracked one when `push.default` is `upstream` (or `tracking`). An
 * upstream is never changed: only a branch without one gets it set. A branch tracking a branch of
 * another name on that remote is a mismatch (what push.default `simple`, git's default, refuses)
 * unless push.default says which name to use (`upstream`, `current`); so is a branch pushed to
 * another remote than its upstream's under push.default `upstream`, which git refuses (it pushes
 * only back to the upstream). Pure; throws what chooseRemote throws.
 */
export function planPushTarget(input: { branch: string; config: PushConfig }): PushTarget {
  const { branch, config } = input;
  const remote = chooseRemote({
    branch,
    branchPushRemote: config.branchPushRemote,
    pushDefaultRemote: config.pushDefaultRemote,
    branchRemote: config.branchRemote,
    remotes: [...config.remoteUrls.keys()],
  });
  const push = (remoteBranch: string, setsUpstream = false): PushTarget => ({
    remote,
    remoteBranch,
    setsUpstream,
    mismatch: null,
  });
  if (!config.branchRemote || !config.branchMerge) return push(branch, true);
  const upstreamBranch = config.branchMerge.replace(/^refs\/heads\//, "");
  const isUpstreamMode = config.pushDefault === "upstream" || config.pushDefault === "tracking";
  // Pushed elsewhere than the upstream's remote (a fork, `.` for a local branch): git pushes the same
  // name, unless push.default `upstream` says to push back to the upstream only.
  if (config.branchRemote !== remote)
    return isUpstreamMode
      ? { ...push(branch), mismatch: { remote, branch, upstreamBranch, upstreamRemote: config.branchRemote } }
      : push(branch);
  if (upstreamBranch === branch || upstreamBranch.startsWith("refs/")) return push(branch);
  if (isUpstreamMode) return push(upstreamBranch);
  if (config.pushDefault === "current") return push(branch);
  return { ...push(branch), mismatch: { remote, branch, upstreamBranch } };
}

/**
 * Why Arbor did not push a branch that tracks a branch of another name, with the git command for
 * either choice (as git's own refusal under push.default simple), and the setting that makes
 * Arbor pick the tracked one every time.
 */
export function explainUpstreamMismatch(mismatch: UpstreamMismatch): AppError {
  const { remote, branch, upstreamBranch, upstreamRemote } = mismatch;
  if (upstreamRemote !== undefined)
    return new AppError(
      "conflict",
      `Arbor did not push: push.default is "upstream", which pushes ${branch} only back to the branch it tracks, ${upstreamRemote}/${upstreamBranch}, but its pushes go to ${remote} (its pushRemote or remote.pushDefault); git refuses this too. In a terminal in the worktree, push it to ${remote} under its own name: \`git push ${remote} ${shellWord(branch)}\`; or update the tracked branch: \`git push ${upstreamRemote} ${shellWord(`HEAD:${upstreamBranch}`)}\`. To have Arbor push to ${remote} under the branch's own name every time: \`git config push.default current\`.`,
      { details: { reason: "upstream_elsewhere", remote, branch, upstreamBranch, upstreamRemote } },
    );
  return new AppError(
    "conflict",
    `Arbor did not push: ${branch} tracks ${remote}/${upstreamBranch}, a branch of another name, so it is not clear which one to update (git's default push.default "simple" refuses this too, and Arbor never changes a branch's upstream). In a terminal in the worktree, update ${remote}/${upstreamBranch}: \`git push ${remote} ${shellWord(`HEAD:${upstreamBranch}`)}\`; or push ${branch} under its own name and track that instead: \`git push -u ${remote} ${shellWord(branch)}\`. To have Arbor update the tracked branch every time: \`git config push.default upstream\`.`,
    { details: { reason: "upstream_mismatch", remote, branch, upstreamBranch } },
  );
}

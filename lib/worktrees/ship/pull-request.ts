import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { readBranchNames } from "@/lib/git/read/read-branch-names.ts";
import { redactUrlCredentials } from "@/lib/git/safety/redact-url.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { explainPrCreateFailure } from "./explain-pr-create-failure.ts";
import { findPullRequestBlocker } from "./pull-request-blocker.ts";
import { readBaseRef, readCommits } from "./pull-request-commits.ts";
import { githubCompareUrl, parseGithubRemote } from "./github-remote.ts";
import {
  buildPrCreateArgs,
  buildPrViewArgs,
  classifyGhAuth,
  describeUnreadableView,
  draftPullRequest,
  GH_MISSING_MESSAGE,
  isNoPullRequest,
  parsePullRequestView,
} from "./pull-request-draft.ts";
import { isBranchOnRemote, readPushRemote, requireBranch } from "./push-worktree.ts";
import { runGh } from "./run-gh.ts";
import type { GhStatus, PullRequestInfo, PullRequestView } from "@/lib/worktrees/ship-types.ts";
import { publishWorktreeListChange } from "@/lib/worktrees/worktree-facts.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/** Whether gh is on PATH and logged in (`gh auth status`), and if not, what to do. */
export async function readGhStatus(input: { cwd: string }): Promise<GhStatus> {
  const outcome = await runGh(["auth", "status"], { cwd: input.cwd, timeoutMs: 15_000 });
  if (outcome.ok) return { state: "ready" };
  if (outcome.missing) return { state: "missing", message: GH_MISSING_MESSAGE };
  return classifyGhAuth({ exitCode: outcome.exitCode, stderr: outcome.stderr });
}

/**
 * What the "Pull request…" dialog needs: the remote and whether the branch is on it, gh's state,
 * the compare URL when the remote is on GitHub, a title and body drafted from the conversation's
 * latest summary and the commits `base..branch`, and the pull request gh knows for the branch;
 * why none can be opened (the branch is the base, the base does not exist) as `blocker`.
 */
export async function readPullRequestInfo(
  db: Db,
  input: { repoId: string; worktreePath: string; base?: string },
): Promise<PullRequestInfo> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const branch = requireBranch(worktree);
  const base = input.base ?? (await readDefaultBase(db, input.repoId));
  const remote = await readPushRemote({ cwd: worktree.path, branch });
  const head = remote?.remoteBranch ?? branch;
  const github = remote ? parseGithubRemote(remote.url) : null;
  const baseRef = await readBaseRef({ cwd: worktree.path, base, remote: remote?.remote ?? null });
  const blocker = findPullRequestBlocker({
    branch,
    head,
    base,
    isBaseKnown: baseRef !== null,
    mismatch: remote?.mismatch ?? null,
  });
  const [isPushed, gh, commits, summaryMarkdown] = await Promise.all([
    remote ? isBranchOnRemote({ cwd: worktree.path, remote: remote.remote, branch: head }) : Promise.resolve(false),
    readGhStatus({ cwd: worktree.path }),
    baseRef && !blocker ? readCommits({ cwd: worktree.path, baseRef, branch }) : Promise.resolve([]),
    readLatestSummary(db, { repoId: input.repoId, worktreePath: worktree.path }),
  ]);
  let pullRequest: PullRequestView | null = null;
  let pullRequestError: string | null = null;
  if (gh.state === "ready" && remote) {
    const view = await runGh(buildPrViewArgs({ head, repository: github }), {
      cwd: worktree.path,
      timeoutMs: 30_000,
    });
    if (view.ok) {
      const parsed = parsePullRequestView(view.stdout);
      if ("view" in parsed) pullRequest = parsed.view;
      else pullRequestError = describeUnreadableView(parsed.problem);
    } else if (!isNoPullRequest(view.stderr)) pullRequestError = `gh pr view failed: ${view.stderr}`;
  }
  return {
    branch,
    base,
    // The URL as the user may show it on screen: a token in it (`https://user:TOKEN@…`) is removed.
    remote: remote ? { name: remote.remote, url: redactUrlCredentials(remote.url), branch: head } : null,
    isPushed,
    gh,
    compareUrl: github && !blocker ? githubCompareUrl({ repository: github, base, branch: head }) : null,
    blocker: blocker?.message ?? null,
    draft: draftPullRequest({ branch, summaryMarkdown, commits }),
    pullRequest,
    pullRequestError,
  };
}

/**
 * Opens a pull request with gh (`gh pr create --base --head --title --body-file`, no shell, the
 * body in a private temporary file) and returns it as `gh pr view` describes it. Refused, saying
 * what to do, when the branch is the base or the base does not exist (findPullRequestBlocker), gh is missing or logged out or the branch was never pushed; when gh fails, what
 * explainPrCreateFailure makes of it (the pull request exists, nothing to propose…).
 */
export async function createPullRequest(
  { db, hub }: { db: Db; hub: EventHub },
  input: { repoId: string; worktreePath: string; base: string; title: string; body: string },
): Promise<PullRequestView> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const branch = requireBranch(worktree);
  const remote = await readPushRemote({ cwd: worktree.path, branch });
  const head = remote?.remoteBranch ?? branch;
  const baseRef = await readBaseRef({ cwd: worktree.path, base: input.base, remote: remote?.remote ?? null });
  const blocker = findPullRequestBlocker({
    branch,
    head,
    base: input.base,
    isBaseKnown: baseRef !== null,
    mismatch: remote?.mismatch ?? null,
  });
  if (blocker) throw blocker;
  const gh = await readGhStatus({ cwd: worktree.path });
  if (gh.state !== "ready")
    throw new AppError(gh.state === "failing" ? "unavailable" : "precondition_failed", gh.message);
  if (!remote || !(await isBranchOnRemote({ cwd: worktree.path, remote: remote.remote, branch: head })))
    throw new AppError(
      "precondition_failed",
      `Push ${branch} first (Push on the worktree), then open the pull request.`,
    );
  const repository = parseGithubRemote(remote.url);
  const folder = await mkdtemp(path.join(os.tmpdir(), "arbor-pr-"));
  try {
    const bodyFile = path.join(folder, "body.md");
    await writeFile(bodyFile, input.body, { mode: 0o600 });
    const created = await runGh(
      buildPrCreateArgs({ base: input.base, head, title: input.title, bodyFile, repository }),
      {
        cwd: worktree.path,
        timeoutMs: 60_000,
      },
    );
    if (!created.ok) throw explainPrCreateFailure({ stderr: created.stderr, base: input.base, head });
    const view = await runGh(buildPrViewArgs({ head, repository }), { cwd: worktree.path, timeoutMs: 30_000 });
    publishWorktreeListChange(hub, input.repoId);
    const parsed = view.ok ? parsePullRequestView(view.stdout) : null;
    if (parsed && "view" in parsed) return parsed.view;
    // gh made it but cannot describe it: what its create said (the new pull request's URL) is enough.
    const url = created.stdout.trim().split("\n").pop() ?? "";
    const number = Number(/\/pull\/(\d+)/.exec(url)?.[1] ?? 0);
    return {
      number,
      url,
      state: "OPEN",
      isDraft: false,
      title: input.title,
      baseRefName: input.base,
      headRefName: head,
      ci: { checks: [], review: "none", problem: null },
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function readDefaultBase(db: Db, repoId: string): Promise<string> {
  const scan = await scanPinnedRepo(db, { repoId });
  const names = await readBranchNames(scan.repoRoot);
  const base = chooseDefaultBranch({
    branchNames: new Set(names.local.keys()),
    originHead: names.originHead,
    mainWorktreeBranch: scan.worktrees.find((candidate) => candidate.isMain)?.branch ?? null,
  });
  if (!base)
    throw new AppError("precondition_failed", "The repository has no default branch (main or master) to compare with.");
  return base;
}

/** The newest summary of the worktree's conversations (the active one first, else the newest archived). */
async function readLatestSummary(db: Db, input: { repoId: string; worktreePath: string }): Promise<string | null> {
  const summary = await db.chatSummary.findFirst({
    where: { session: { repoId: input.repoId, worktreePath: input.worktreePath } },
    orderBy: [{ id: "desc" }],
    select: { summaryMarkdown: true },
  });
  return summary?.summaryMarkdown ?? null;
}

import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { inferNamingRule } from "@/lib/design/infer-naming-rule.ts";
import { readBranchNames } from "@/lib/git/read/read-branch-names.ts";
import type { RepoScan } from "@/lib/git/types.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { addBranchWorktree } from "@/lib/plans/add-branch-worktree.ts";
import { invalidateWorktreeIndex, type WorktreeIndex } from "@/lib/pins/worktree-index.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { readStoredNamingRule } from "@/lib/plans/project-rules.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { proposeWorktreeFolder, folderNameForBranch } from "./propose-worktree.ts";
import { runWorktreeSetup } from "@/lib/worktrees/setup/run-worktree-setup.ts";
import { publishWorktreeListChange, type WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import { whileHolding } from "@/lib/worktrees/worktree-holds.ts";
import { registerSetupStop, type SetupStops } from "@/lib/worktrees/setup/setup-stops.ts";
import { readWorktreeSetup } from "@/lib/worktrees/setup/worktree-setup-store.ts";
import type { CreatedWorktree, NewWorktreeOptions, SetupReport } from "@/lib/worktrees/worktree-types.ts";

/** What "New worktree…" and "New task…" propose: the branches, the naming rule, the setup. */
export async function readNewWorktreeOptions(db: Db, repoId: string): Promise<NewWorktreeOptions> {
  const facts = await readCreateFacts(db, repoId);
  return {
    repoRoot: facts.scan.repoRoot,
    branches: facts.branches,
    defaultBranch: facts.defaultBranch,
    namingRule: facts.namingRule,
    isNamingRuleInferred: facts.isNamingRuleInferred,
    setup: await readWorktreeSetup(db, repoId),
    isTrusted: facts.isTrusted,
  };
}

/**
 * What creating touches: the lifecycle's parts, where a running setup command can be stopped, and
 * the index of pinned worktrees that the new one joins.
 */
export type CreateContext = WorktreeContext & { setupStops: SetupStops; worktreeIndex: WorktreeIndex };

/** What git and Arbor know about a repository when a worktree is made in it, read once per create. */
export type CreateFacts = {
  scan: RepoScan;
  branches: string[];
  remoteBranches: string[];
  defaultBranch: string | null;
  namingRule: string;
  /** No rule is stored: it was read off the existing branches. */
  isNamingRuleInferred: boolean;
  isTrusted: boolean;
};

export async function readCreateFacts(db: Db, repoId: string): Promise<CreateFacts> {
  const scan = await scanPinnedRepo(db, { repoId });
  const { branches, remoteBranches, defaultBranch } = await readLocalBranches(scan);
  const storedRule = await readStoredNamingRule(db, repoId);
  return {
    scan,
    branches,
    remoteBranches,
    defaultBranch,
    namingRule: storedRule ?? inferNamingRule({ branches, defaultBranch }),
    isNamingRuleInferred: storedRule === null,
    isTrusted: await isRepositoryTrusted(db, repoId),
  };
}

/**
 * "New worktree…": a new branch from `base` (the default branch unless given) checked out in a new
 * folder (next to the main worktree unless given), with addBranchWorktree's checks, then the
 * repository's setup (files copied from the main worktree; its command only when trusted). A
 * failing setup leaves the worktree in place and is reported, not thrown.
 */
export async function createWorktree(
  ctx: CreateContext,
  input: { repoId: string; branch: string; base?: string; worktreePath?: string; setupId?: string },
): Promise<CreatedWorktree> {
  return createWorktreeFrom(ctx, await readCreateFacts(ctx.db, input.repoId), input);
}

/** The same, from facts the caller has just read (to name the branch by them, say). */
export async function createWorktreeFrom(
  ctx: CreateContext,
  facts: CreateFacts,
  input: { repoId: string; branch: string; base?: string; worktreePath?: string; setupId?: string },
): Promise<CreatedWorktree> {
  const { scan, namingRule: rule } = facts;
  const branch = input.branch.trim();
  const base = input.base?.trim() || facts.defaultBranch;
  const requestedPath = input.worktreePath?.trim();
  const worktreePath = requestedPath
    ? path.normalize(requestedPath)
    : proposeWorktreeFolder({ repoRoot: scan.repoRoot, slug: folderNameForBranch({ rule, branch }) });
  const made = await addAndSetUpWorktree(ctx, {
    repoId: input.repoId,
    scan,
    branch,
    base,
    worktreePath,
    localBranches: new Set(facts.branches),
    remoteBranches: facts.remoteBranches,
    isTrusted: facts.isTrusted,
    hints: { branchExists: branchExistsHint(scan, branch) },
    ...(input.setupId ? { setupId: input.setupId } : {}),
  });
  return { branch, base: base!, worktreePath: made.worktreePath, setup: made.setup };
}

/**
 * Makes a worktree as every "create" does ("New worktree…", a design node's "Create branch and
 * worktree"): addBranchWorktree's checks and `git worktree add`, the lists told, then the
 * repository's setup (files copied from the main worktree; its command only when trusted). One
 * hold covers the folder from the add to the end of the setup: a second request for the same
 * folder is told this one is making it, and no run, removal or Tidy up takes it half set up.
 * `setupId` streams the command's output to the browsers showing the repository and lets the
 * user stop it (setup-stops.ts), from the start of the request.
 */
export async function addAndSetUpWorktree(
  ctx: CreateContext,
  input: Omit<Parameters<typeof addBranchWorktree>[0], "repoRoot" | "allowRepositoryCode"> & {
    repoId: string;
    scan: RepoScan;
    isTrusted: boolean;
    setupId?: string;
  },
): Promise<{ worktreePath: string; setup: SetupReport }> {
  const { db } = ctx;
  // One spelling per folder ("/x/wt/" is "/x/wt"), so two requests for it meet in the hold.
  const folder = input.worktreePath.length > 1 ? input.worktreePath.replace(/\/+$/, "") : input.worktreePath;
  const stop = input.setupId ? registerSetupStop(ctx.setupStops, input.setupId) : null;
  try {
    return await whileHolding(ctx, [folder], { kind: "setup", doing: "setting up a new worktree" }, async () => {
      // Even a failed `git worktree add` may leave a folder: hook events from it are placed afresh.
      await addBranchWorktree({
        repoRoot: input.scan.repoRoot,
        branch: input.branch,
        base: input.base,
        worktreePath: folder,
        localBranches: input.localBranches,
        ...(input.remoteBranches ? { remoteBranches: input.remoteBranches } : {}),
        allowRepositoryCode: input.isTrusted,
        ...(input.hints ? { hints: input.hints } : {}),
        ...(input.baseRef ? { baseRef: input.baseRef } : {}),
      }).finally(() => invalidateWorktreeIndex(ctx.worktreeIndex));
      const rescan = await scanPinnedRepo(db, { repoId: input.repoId });
      // As the worktree list shows it (git may spell the folder differently: symlinks, case).
      const created = rescan.worktrees.find((worktree) => worktree.branch === input.branch)?.path ?? folder;
      publishWorktreeListChange(ctx.hub, input.repoId);
      const setUp = async () =>
        runWorktreeSetup({
          mainPath: mainWorktreePath(input.scan),
          worktreePath: created,
          setup: await readWorktreeSetup(db, input.repoId),
          isTrusted: input.isTrusted,
          ...(input.setupId
            ? publishSetupProgress(ctx.hub, { repoId: input.repoId, setupId: input.setupId, worktreePath: created })
            : {}),
          ...(stop ? { signal: stop.signal } : {}),
        });
      const setup =
        created === folder
          ? await setUp()
          : await whileHolding(ctx, [created], { kind: "setup", doing: "setting up a new worktree" }, setUp);
      publishWorktreeListChange(ctx.hub, input.repoId);
      return { worktreePath: created, setup };
    });
  } finally {
    stop?.release();
  }
}

/** How much of a setup command's output is sent live; the report at the end keeps its last part. */
const STREAMED_OUTPUT_MAX_CHARS = 512 * 1024;

/**
 * Tells the browsers showing the repository that the setup command started (so the request's page
 * can show its output and Stop), then sends each piece of its output as it comes, up to
 * STREAMED_OUTPUT_MAX_CHARS: a command that writes gigabytes would otherwise flood every socket.
 * Past that, one line says the rest comes with the report.
 */
function publishSetupProgress(hub: EventHub, input: { repoId: string; setupId: string; worktreePath: string }) {
  let sent = 0;
  const onCommandStart = (command: string) =>
    hub.publish(repoTopic(input.repoId), { type: "setup_started", ...input, command });
  const onOutput = (text: string) => {
    if (text === "" || sent > STREAMED_OUTPUT_MAX_CHARS) return;
    const room = STREAMED_OUTPUT_MAX_CHARS - sent;
    const shown =
      text.length <= room
        ? text
        : `${text.slice(0, room)}\n[Arbor stopped showing the output live here; its end is shown when the command is done.]\n`;
    sent += text.length;
    hub.publish(repoTopic(input.repoId), { type: "setup_output", ...input, text: shown });
  };
  return { onCommandStart, onOutput };
}

/** What to do about a branch that already exists: open its worktree, or check it out in one. */
function branchExistsHint(scan: RepoScan, branch: string): string {
  const holder = scan.worktrees.find((worktree) => worktree.branch === branch);
  return holder
    ? `The worktree at ${holder.path} has it: open that one, or choose another name.`
    : `No worktree has it checked out: to work on it, run \`git worktree add <folder> ${branch}\` and rescan; to start new work, choose another name.`;
}

async function readLocalBranches(
  scan: RepoScan,
): Promise<{ branches: string[]; remoteBranches: string[]; defaultBranch: string | null }> {
  const names = await readBranchNames(scan.repoRoot);
  const branches = [...names.local.keys()].sort();
  const defaultBranch = chooseDefaultBranch({
    branchNames: new Set(branches),
    originHead: names.originHead,
    mainWorktreeBranch: scan.worktrees.find((worktree) => worktree.isMain)?.branch ?? null,
  });
  return { branches, remoteBranches: names.remote, defaultBranch };
}

function mainWorktreePath(scan: RepoScan): string {
  return scan.worktrees.find((worktree) => worktree.isMain)?.path ?? scan.repoRoot;
}

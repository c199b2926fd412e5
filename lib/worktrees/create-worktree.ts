import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { inferNamingRule } from "@/lib/design/infer-naming-rule.ts";
import { readBranchNames } from "@/lib/git/read-branch-names.ts";
import type { RepoScan } from "@/lib/git/types.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { addBranchWorktree } from "@/lib/plans/add-branch-worktree.ts";
import { getEventHub, repoTopic } from "@/lib/realtime/event-hub.ts";
import { readStoredNamingRule } from "@/lib/plans/project-rules.ts";
import { assertRepoIsLocal } from "@/lib/team/ownership.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { proposeWorktreeFolder, folderNameForBranch } from "./propose-worktree.ts";
import { runWorktreeSetup } from "./run-worktree-setup.ts";
import { publishWorktreeListChange } from "./worktree-facts.ts";
import { readWorktreeSetup } from "./worktree-setup-store.ts";
import type { CreatedWorktree, NewWorktreeOptions } from "./worktree-types.ts";

export async function readNewWorktreeOptions(db: Db, repoId: string): Promise<NewWorktreeOptions> {
  await assertRepoIsLocal(db, repoId);
  const scan = await scanPinnedRepo(db, { repoId });
  const { branches, defaultBranch } = await readLocalBranches(scan);
  const storedRule = await readStoredNamingRule(db, repoId);
  return {
    repoRoot: scan.repoRoot,
    branches,
    defaultBranch,
    namingRule: storedRule ?? inferNamingRule({ branches, defaultBranch }),
    isNamingRuleInferred: storedRule === null,
    setup: await readWorktreeSetup(db, repoId),
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
  db: Db,
  input: { repoId: string; branch: string; base?: string; worktreePath?: string; setupId?: string },
): Promise<CreatedWorktree> {
  await assertRepoIsLocal(db, input.repoId);
  const scan = await scanPinnedRepo(db, { repoId: input.repoId });
  const { branches, defaultBranch } = await readLocalBranches(scan);
  const branch = input.branch.trim();
  const base = input.base ?? defaultBranch;
  const rule = (await readStoredNamingRule(db, input.repoId)) ?? inferNamingRule({ branches, defaultBranch });
  const requestedPath = input.worktreePath?.trim();
  const worktreePath = requestedPath
    ? path.normalize(requestedPath)
    : proposeWorktreeFolder({ repoRoot: scan.repoRoot, slug: folderNameForBranch({ rule, branch }) });
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  await addBranchWorktree({
    repoRoot: scan.repoRoot,
    branch,
    base,
    worktreePath,
    localBranches: new Set(branches),
    allowRepositoryCode: isTrusted,
  });
  const rescan = await scanPinnedRepo(db, { repoId: input.repoId });
  const created = rescan.worktrees.find((worktree) => worktree.branch === branch)?.path ?? worktreePath;
  publishWorktreeListChange(input.repoId);
  const setup = await runWorktreeSetup({
    mainPath: mainWorktreePath(scan),
    worktreePath: created,
    setup: await readWorktreeSetup(db, input.repoId),
    isTrusted,
    ...(input.setupId
      ? { onOutput: publishSetupOutput({ repoId: input.repoId, setupId: input.setupId, worktreePath: created }) }
      : {}),
  });
  publishWorktreeListChange(input.repoId);
  return { branch, base: base!, worktreePath: created, setup };
}

/** Sends each piece of the setup command's output to the browsers showing the repository, as it comes. */
function publishSetupOutput(input: { repoId: string; setupId: string; worktreePath: string }) {
  const hub = getEventHub();
  return (text: string) => {
    if (text !== "") hub.publish(repoTopic(input.repoId), { type: "setup_output", ...input, text });
  };
}

async function readLocalBranches(scan: RepoScan): Promise<{ branches: string[]; defaultBranch: string | null }> {
  const names = await readBranchNames(scan.repoRoot);
  const branches = [...names.local.keys()].sort();
  const defaultBranch = chooseDefaultBranch({
    branchNames: new Set(branches),
    originHead: names.originHead,
    mainWorktreeBranch: scan.worktrees.find((worktree) => worktree.isMain)?.branch ?? null,
  });
  return { branches, defaultBranch };
}

function mainWorktreePath(scan: RepoScan): string {
  return scan.worktrees.find((worktree) => worktree.isMain)?.path ?? scan.repoRoot;
}

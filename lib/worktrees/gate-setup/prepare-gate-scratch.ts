import type { Db } from "@/lib/db/client.ts";
import { listWorktreeEntries } from "@/lib/git/read/list-worktree-entries.ts";
import type { PrepareScratch } from "@/lib/checks/gate/scratch-worktree.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { copySetupFiles } from "@/lib/worktrees/setup/copy-setup-files.ts";
import { runWorktreeSetup } from "@/lib/worktrees/setup/run-worktree-setup.ts";
import { readWorktreeSetup } from "@/lib/worktrees/setup/worktree-setup-store.ts";
import { listChangedManifests } from "./changed-manifests.ts";
import { describeGateSetup, type DependencySource } from "./describe-gate-setup.ts";
import { findInstalledFolders } from "./find-installed-folders.ts";
import { linkInstalledFolders } from "./link-installed-folders.ts";

const AFTER_FAILURE =
  'The checks ran on what it left. Fix the command ("Setup for new worktrees" in the New worktree dialog), then land again.';

/**
 * How a land's scratch checkouts get what a worktree has and a bare checkout lacks
 * (docs/decisions/0018-gate-dependencies.md): the repository's setup files, copied as a new
 * worktree gets them, and the installed dependency folders of the worktree the merge is closest to
 * (the branch's, else the base's, whichever has some), linked in (linkInstalledFolders). When the
 * merge changes a manifest or lockfile relative to that worktree, the repository's setup command
 * (if any, and only in a trusted repository) runs in the scratch instead of the links, with its
 * time limit; without one the links stay, and the checks' output says they may be stale.
 */
export function createGateScratchPreparer(db: Db, input: { repoId: string; baseCwd: string }): PrepareScratch {
  let facts: ReturnType<typeof readFacts> | null = null;
  return async ({ scratchPath, tree, worktreePath, signal }) => {
    facts ??= readFacts(db, input);
    const { setup, mainPath, isTrusted } = await facts;
    const found = await findSource([
      { path: worktreePath, role: "branch" },
      { path: input.baseCwd, role: "base" },
    ]);
    const source = found?.source ?? null;
    const changedManifests = source ? await listChangedManifests({ worktreePath: source.path, tree }) : [];
    const outcome = { source, changedManifests, linked: [], linkProblems: [], installed: null };
    if (source && changedManifests.length > 0 && setup.command.length > 0 && isTrusted) {
      // No links here: an installer writes into the folders it finds (npm ci empties node_modules first).
      const report = await runWorktreeSetup({
        mainPath,
        worktreePath: scratchPath,
        setup,
        isTrusted,
        signal,
        afterFailure: AFTER_FAILURE,
      });
      return describeGateSetup({ ...outcome, copies: report.copies, installed: report.command });
    }
    const copies = await copySetupFiles({ mainPath, worktreePath: scratchPath, files: setup.copyFiles });
    const links = found
      ? await linkInstalledFolders({ sourceRoot: found.source.path, scratchRoot: scratchPath, folders: found.folders })
      : { linked: [], problems: [] };
    return describeGateSetup({ ...outcome, copies, linked: links.linked, linkProblems: links.problems });
  };
}

/** The repository's setup, its main worktree (where setup files are copied from) and whether it is trusted: read once per land. */
async function readFacts(db: Db, input: { repoId: string; baseCwd: string }) {
  const [setup, entries, isTrusted] = await Promise.all([
    readWorktreeSetup(db, input.repoId),
    listWorktreeEntries({ cwd: input.baseCwd }),
    isRepositoryTrusted(db, input.repoId),
  ]);
  return { setup, mainPath: entries[0]?.path ?? input.baseCwd, isTrusted };
}

/** The first of the worktrees that has installed dependency folders, with them; null when none has any. */
async function findSource(
  candidates: DependencySource[],
): Promise<{ source: DependencySource; folders: string[] } | null> {
  for (const source of candidates) {
    // A worktree git cannot list (its folder gone meanwhile) has nothing to give.
    const folders = await findInstalledFolders(source.path).catch(() => []);
    if (folders.length > 0) return { source, folders };
  }
  return null;
}

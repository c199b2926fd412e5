// What an edit seen by the file watcher runs (lib/checks/run/checks-after-edit.ts), in-process on a
// real repository and database: checks run only when the files differ from what they last tested,
// and a check whose own writes change the files does not start itself again.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createChecksState } from "@/lib/checks/run/checks-state.ts";
import { saveChecks } from "@/lib/checks/check-settings-store.ts";
import { readLatestRuns } from "@/lib/checks/check-run-store.ts";
import { waitForWorktreeBatch } from "@/lib/checks/run/check-batches.ts";
import { runChecksIfTreeChanged } from "@/lib/checks/run/checks-after-edit.ts";
import { EventHub } from "@/lib/realtime/event-hub.ts";
import { readTrustView, revokeTrust, trustRepository } from "@/lib/trust/repo-trust.ts";
import { addWorktree, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { usePinnedRepo } from "@/tests/support/use-pinned-repo.ts";

const repo = usePinnedRepo({ exclude: "" });
// The parts the checks use, made here as the runtime context makes them.
const checks = createChecksState();
const checksContext = () => ({ db: repo.db, hub: new EventHub(), checks });

beforeAll(async () => {
  await trustRepository(repo.db, { repoId: repo.repoId, digest: (await readTrustView(repo.db, repo.repoId)).digest });
});

/** Asks for the checks as an edit would, and waits for any batch it started to end. */
async function afterEdit(worktreePath: string): Promise<boolean> {
  const started = await runChecksIfTreeChanged(checksContext(), { repoId: repo.repoId, worktreePath });
  await waitForWorktreeBatch(checks.batches, worktreePath);
  return started;
}

const runsOf = async (worktreePath: string) =>
  readLatestRuns(repo.db, { repoId: repo.repoId, worktreePath, names: ["unit"] });

describe("checks after an edit", () => {
  it("run only when the files differ from what was tested: not for a rewrite with the same bytes, nor a commit", async () => {
    await saveChecks(repo.db, {
      repoId: repo.repoId,
      checks: [{ name: "unit", command: "cat a.txt", timeoutSeconds: 60 }],
    });
    const worktreePath = path.join(repo.root, "same-tree");
    await addWorktree({ mainPath: repo.mainPath, path: worktreePath, branch: "feat/same-tree" });
    expect(await afterEdit(worktreePath)).toBe(true);
    const [first] = await runsOf(worktreePath);
    expect(first).toMatchObject({ status: "passed", output: "a\n" });

    expect(await afterEdit(worktreePath)).toBe(false);
    writeFileSync(path.join(worktreePath, "a.txt"), "a\n");
    expect(await afterEdit(worktreePath)).toBe(false);
    writeFileSync(path.join(worktreePath, "b.txt"), "b\n");
    expect(await afterEdit(worktreePath)).toBe(true);
    const [second] = await runsOf(worktreePath);
    expect(second!.tree).not.toBe(first!.tree);
    // A commit moves HEAD, not the files.
    await runFixtureGit({ cwd: worktreePath, args: ["add", "b.txt"] });
    await runFixtureGit({ cwd: worktreePath, args: ["commit", "-q", "-m", "Add b"] });
    expect(await afterEdit(worktreePath)).toBe(false);
    expect((await runsOf(worktreePath))[0]!.id).toBe(second!.id);
  });

  it("do not start again on the files a check wrote itself, and do on the user's next change", async () => {
    await saveChecks(repo.db, {
      repoId: repo.repoId,
      checks: [{ name: "unit", command: "date +%s%N > report.txt", timeoutSeconds: 60 }],
    });
    const worktreePath = path.join(repo.root, "self-writing");
    await addWorktree({ mainPath: repo.mainPath, path: worktreePath, branch: "feat/self-writing" });
    expect(await afterEdit(worktreePath)).toBe(true);
    const [first] = await runsOf(worktreePath);
    expect(first?.status).toBe("passed");
    // report.txt is new and different every run: a check that reran on it would never stop.
    expect(await afterEdit(worktreePath)).toBe(false);
    writeFileSync(path.join(worktreePath, "a.txt"), "edited\n");
    expect(await afterEdit(worktreePath)).toBe(true);
    expect((await runsOf(worktreePath))[0]!.id).not.toBe(first!.id);
  });

  it("do nothing where checks cannot run: an untrusted repository, or none configured", async () => {
    const worktreePath = path.join(repo.root, "cannot-run");
    await addWorktree({ mainPath: repo.mainPath, path: worktreePath, branch: "feat/cannot-run" });
    writeFileSync(path.join(worktreePath, "a.txt"), "edited\n");
    await revokeTrust(repo.db, repo.repoId);
    expect(await afterEdit(worktreePath)).toBe(false);
    await saveChecks(repo.db, { repoId: repo.repoId, checks: [] });
    expect(await afterEdit(worktreePath)).toBe(false);
    expect(await runsOf(worktreePath)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { listWorktreeWarnings, type WorktreeFacts } from "./worktree-warnings.ts";

function facts(overrides: Partial<WorktreeFacts> = {}): WorktreeFacts {
  return {
    path: "/repo",
    isMain: true,
    isBare: false,
    branch: "main",
    isDetached: false,
    head: { sha: "a".repeat(40), shortSha: "aaaaaaa", subject: "init", committedAt: "2024-01-02T03:04:05+00:00" },
    dirty: { staged: 0, unstaged: 0, untracked: 0, conflicted: 0 },
    upstream: { name: "origin/main", ahead: 0, behind: 0, isGone: false },
    isLocked: false,
    lockReason: null,
    isPrunable: false,
    prunableReason: null,
    isMissing: false,
    operation: null,
    rebasingBranch: null,
    error: null,
    ...overrides,
  };
}

describe("listWorktreeWarnings", () => {
  it("has nothing to say about a clean branch level with its upstream", () => {
    expect(listWorktreeWarnings(facts())).toEqual([]);
  });

  it("warns that a branch name with text-direction characters can read as another, showing what git has", () => {
    expect(listWorktreeWarnings(facts({ branch: "feat/\u202Eevil\u202C-name" }))).toEqual([
      {
        code: "hidden_characters",
        message:
          "The branch name holds invisible or text-direction characters, so it can read as another name: git has feat/[U+202E]evil[U+202C]-name — rename it (`git branch -m`) before you act on it",
      },
    ]);
  });

  it("says how far behind, and what to do", () => {
    const warnings = listWorktreeWarnings(
      facts({ upstream: { name: "origin/main", ahead: 1, behind: 3, isGone: false } }),
    );
    expect(warnings).toEqual([
      { code: "behind_upstream", message: "3 commits behind origin/main — pull or rebase before continuing" },
    ]);
  });

  it("uses the singular for one commit and one conflict", () => {
    const warnings = listWorktreeWarnings(
      facts({
        upstream: { name: "origin/x", ahead: 0, behind: 1, isGone: false },
        dirty: { staged: 0, unstaged: 0, untracked: 0, conflicted: 1 },
      }),
    );
    expect(warnings.map((warning) => warning.message)).toEqual([
      "1 file with merge conflicts — resolve and stage them before continuing",
      "1 commit behind origin/x — pull or rebase before continuing",
    ]);
  });

  it("says a stopped rebase detached HEAD, naming its branch, instead of asking for a branch", () => {
    const warnings = listWorktreeWarnings(
      facts({ branch: null, isDetached: true, operation: "rebase", rebasingBranch: "feat/x" }),
    );
    expect(warnings.map((warning) => warning.code)).toEqual(["rebase_stopped"]);
    expect(warnings[0]?.message).toContain("A rebase of feat/x stopped here");
    expect(warnings[0]?.message).toContain("(`git rebase --continue`) or abort it");
    const conflicted = listWorktreeWarnings(
      facts({
        branch: null,
        isDetached: true,
        operation: "rebase",
        rebasingBranch: "feat/x",
        dirty: { staged: 0, unstaged: 0, untracked: 0, conflicted: 1 },
      }),
    );
    expect(conflicted[0]?.message).toContain("(`git rebase --continue` once the files are resolved)");
    const unnamed = listWorktreeWarnings(facts({ branch: null, isDetached: true, operation: "rebase" }));
    expect(unnamed[0]?.message).toMatch(/^A rebase stopped here/);
    // A merge does not detach HEAD: a detached HEAD during one is still a detached HEAD.
    const merging = listWorktreeWarnings(facts({ branch: null, isDetached: true, operation: "merge" }));
    expect(merging.map((warning) => warning.code)).toEqual(["detached_head"]);
  });

  it("warns about a detached HEAD, naming the commit", () => {
    const [warning] = listWorktreeWarnings(facts({ isDetached: true, branch: null, upstream: null }));
    expect(warning?.code).toBe("detached_head");
    expect(warning?.message).toContain("aaaaaaa");
  });

  it("reports a gone upstream instead of behind counts", () => {
    const warnings = listWorktreeWarnings(
      facts({ upstream: { name: "origin/old", ahead: 0, behind: 0, isGone: true } }),
    );
    expect(warnings.map((warning) => warning.code)).toEqual(["upstream_gone"]);
    expect(warnings[0]?.message).toContain("origin/old");
  });

  it("reports missing, prunable and locked worktrees with their reasons, a missing folder once", () => {
    const warnings = listWorktreeWarnings(
      facts({
        isMissing: true,
        isPrunable: true,
        prunableReason: "gitdir file points to non-existent location",
        isLocked: true,
        lockReason: "USB drive",
        dirty: null,
      }),
    );
    expect(warnings.map((warning) => warning.code)).toEqual(["missing_directory", "locked"]);
    expect(warnings[0]?.message).toContain("remove it (“Remove…”)");
    expect(warnings[1]?.message).toContain("(USB drive)");
    const prunable = listWorktreeWarnings(facts({ isPrunable: true, prunableReason: "gitdir gone" }));
    expect(prunable.map((warning) => warning.code)).toEqual(["prunable"]);
    expect(prunable[0]?.message).toContain("(gitdir gone)");
  });

  it("reports a failed scan with git's message", () => {
    const [warning] = listWorktreeWarnings(
      facts({ error: "fatal: invalid gitfile format", dirty: null, upstream: null }),
    );
    expect(warning).toEqual({
      code: "scan_failed",
      message:
        "Git could not read this worktree (fatal: invalid gitfile format) — check that the folder is a valid checkout, then rescan",
    });
  });
});

import { describe, expect, it } from "vitest";
import { parseWorktreeList } from "./parse-worktree-list.ts";

const OID = "8ddb01be93c8377dbb1fd03dcd160abbf98a1974";

/** Builds porcelain -z output: every attribute NUL-terminated, an extra NUL after each record. */
function porcelain(...records: string[][]): string {
  return records.map((fields) => fields.map((field) => `${field}\0`).join("") + "\0").join("");
}

describe("parseWorktreeList", () => {
  it("reads the main worktree on a branch", () => {
    const [main] = parseWorktreeList(porcelain(["worktree /home/me/repo", `HEAD ${OID}`, "branch refs/heads/main"]));
    expect(main).toEqual({
      path: "/home/me/repo",
      head: OID,
      branch: "main",
      isBare: false,
      isDetached: false,
      isLocked: false,
      lockReason: null,
      isPrunable: false,
      prunableReason: null,
    });
  });

  it("reads bare, detached, locked and prunable records in order", () => {
    const entries = parseWorktreeList(
      porcelain(
        ["worktree /srv/repo.git", "bare"],
        ["worktree /srv/detached", `HEAD ${OID}`, "detached"],
        ["worktree /srv/locked", `HEAD ${OID}`, "branch refs/heads/feat/x", "locked on a USB drive"],
        ["worktree /srv/locked-no-reason", `HEAD ${OID}`, "branch refs/heads/y", "locked"],
        [
          "worktree /srv/gone",
          `HEAD ${OID}`,
          "branch refs/heads/z",
          "prunable gitdir file points to non-existent location",
        ],
      ),
    );
    expect(entries.map((entry) => entry.path)).toEqual([
      "/srv/repo.git",
      "/srv/detached",
      "/srv/locked",
      "/srv/locked-no-reason",
      "/srv/gone",
    ]);
    expect(entries[0]).toMatchObject({ isBare: true, head: null, branch: null });
    expect(entries[1]).toMatchObject({ isDetached: true, branch: null, head: OID });
    expect(entries[2]).toMatchObject({ branch: "feat/x", isLocked: true, lockReason: "on a USB drive" });
    expect(entries[3]).toMatchObject({ isLocked: true, lockReason: null });
    expect(entries[4]).toMatchObject({
      isPrunable: true,
      prunableReason: "gitdir file points to non-existent location",
    });
  });

  it("keeps spaces, non-ASCII and newlines in paths and reasons", () => {
    const path = "/tmp/wt with spaces/ünïcode 日本\nsecond line";
    const [entry] = parseWorktreeList(
      porcelain([`worktree ${path}`, `HEAD ${OID}`, "branch refs/heads/ü", "locked why\nnot"]),
    );
    expect(entry).toMatchObject({ path, branch: "ü", lockReason: "why\nnot" });
  });

  it("treats the all-zero id of an unborn branch as no HEAD", () => {
    const [entry] = parseWorktreeList(porcelain(["worktree /r", `HEAD ${"0".repeat(40)}`, "branch refs/heads/main"]));
    expect(entry?.head).toBeNull();
  });

  it("keeps a ref outside refs/heads whole and ignores unknown attributes", () => {
    const [entry] = parseWorktreeList(
      porcelain(["worktree /r", `HEAD ${OID}`, "branch refs/remotes/x", "future-flag yes"]),
    );
    expect(entry?.branch).toBe("refs/remotes/x");
  });

  it("returns nothing for empty output", () => {
    expect(parseWorktreeList("")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { buildWorktreeScan } from "./build-worktree-scan.ts";
import type { WorktreeListEntry } from "./parse-worktree-list.ts";
import type { HeadCommit } from "@/lib/git/types.ts";

const HEAD: HeadCommit = {
  sha: "a".repeat(40),
  shortSha: "aaaaaaa",
  subject: "init",
  committedAt: "2024-01-02T03:04:05+00:00",
};
const ENTRY: WorktreeListEntry = {
  path: "/wt",
  head: HEAD.sha,
  branch: "listed",
  isBare: false,
  isDetached: false,
  isLocked: true,
  lockReason: "USB",
  isPrunable: false,
  prunableReason: null,
};

describe("buildWorktreeScan", () => {
  it("prefers the status for branch facts and keeps the list's lock", () => {
    const scan = buildWorktreeScan({
      entry: ENTRY,
      isMain: false,
      head: HEAD,
      state: {
        kind: "scanned",
        status: {
          oid: HEAD.sha,
          branch: null,
          isDetached: true,
          upstream: null,
          dirty: { staged: 1, unstaged: 2, untracked: 3, conflicted: 0 },
        },
      },
    });
    expect(scan).toMatchObject({
      branch: null,
      isDetached: true,
      isLocked: true,
      lockReason: "USB",
      isMissing: false,
      error: null,
    });
    expect(scan.dirty).toEqual({ staged: 1, unstaged: 2, untracked: 3, conflicted: 0 });
    expect(scan.warnings.map((warning) => warning.code)).toEqual(["locked", "detached_head"]);
  });

  it("keeps the list's facts for a missing folder, with no dirty counts", () => {
    const scan = buildWorktreeScan({
      entry: { ...ENTRY, isLocked: false, lockReason: null },
      isMain: false,
      head: HEAD,
      state: { kind: "missing" },
    });
    expect(scan).toMatchObject({
      branch: "listed",
      isMissing: true,
      dirty: null,
      upstream: null,
      head: HEAD,
      error: null,
    });
    expect(scan.warnings.map((warning) => warning.code)).toEqual(["missing_directory"]);
  });

  it("records a failure as an error and a scan_failed warning", () => {
    const scan = buildWorktreeScan({
      entry: ENTRY,
      isMain: true,
      head: null,
      state: { kind: "failed", error: "fatal: boom" },
    });
    expect(scan).toMatchObject({ isMain: true, error: "fatal: boom", dirty: null, isMissing: false });
    expect(scan.warnings[0]?.code).toBe("scan_failed");
  });

  it("reports a bare entry without status or warnings", () => {
    const scan = buildWorktreeScan({
      entry: { ...ENTRY, isBare: true, branch: null, head: null, isLocked: false, lockReason: null },
      isMain: true,
      head: null,
      state: { kind: "bare" },
    });
    expect(scan).toMatchObject({ isBare: true, branch: null, dirty: null, warnings: [] });
  });
});

import { describe, expect, it } from "vitest";
import { describeScanChanges } from "./diff-scans.ts";
import { buildScan } from "./test-fixtures.ts";

describe("describeScanChanges", () => {
  it("returns nothing for equal scans", () => {
    expect(describeScanChanges({ previous: buildScan(), current: buildScan() })).toEqual([]);
  });

  it("reports a branch switch and a detach", () => {
    const previous = buildScan();
    expect(describeScanChanges({ previous, current: buildScan({ branch: "main" }) })).toEqual([
      "Branch changed from `feat/login` to `main`",
    ]);
    expect(describeScanChanges({ previous, current: buildScan({ branch: null, isDetached: true }) })).toEqual([
      "Branch changed from `feat/login` to detached HEAD",
    ]);
  });

  it("reports HEAD moving from one commit to another", () => {
    const current = buildScan({
      head: { sha: "b".repeat(40), shortSha: "bbbbbbb", subject: "Fix typo", committedAt: "2025-01-03T10:00:00Z" },
    });
    expect(describeScanChanges({ previous: buildScan(), current })).toEqual([
      'HEAD moved from `aaaaaaa` to `bbbbbbb` ("Fix typo")',
    ]);
  });

  it("ignores a new commit date or subject when the sha is the same", () => {
    const base = buildScan();
    const current = buildScan({ head: { ...base.head!, subject: "Reworded", committedAt: "2030-01-01T00:00:00Z" } });
    expect(describeScanChanges({ previous: base, current })).toEqual([]);
  });

  it("lists only the dirty counts that changed", () => {
    const current = buildScan({ dirty: { staged: 0, unstaged: 2, untracked: 3, conflicted: 4 } });
    expect(describeScanChanges({ previous: buildScan(), current })).toEqual([
      "Dirty counts changed: staged 1 → 0, conflicted 0 → 4",
    ]);
  });

  it("reports dirty counts becoming unknown", () => {
    expect(describeScanChanges({ previous: buildScan(), current: buildScan({ dirty: null }) })).toEqual([
      "Dirty counts changed from 1 staged, 2 unstaged, 3 untracked, 0 conflicted to unknown (git status failed)",
    ]);
  });

  it("reports ahead/behind changes", () => {
    const current = buildScan({ upstream: { name: "origin/feat/login", ahead: 0, behind: 5, isGone: false } });
    expect(describeScanChanges({ previous: buildScan(), current })).toEqual([
      "Ahead/behind `origin/feat/login` changed: ahead 1 → 0, behind 0 → 5",
    ]);
  });

  it("reports an upstream being set, removed or renamed", () => {
    const noUpstream = buildScan({ upstream: null });
    expect(describeScanChanges({ previous: noUpstream, current: buildScan() })).toEqual([
      "Upstream set to `origin/feat/login`, 1 ahead, 0 behind",
    ]);
    expect(describeScanChanges({ previous: buildScan(), current: noUpstream })).toEqual([
      "Upstream removed (was `origin/feat/login`)",
    ]);
    const renamed = buildScan({ upstream: { name: "origin/other", ahead: 1, behind: 0, isGone: false } });
    expect(describeScanChanges({ previous: buildScan(), current: renamed })).toEqual([
      "Upstream changed from `origin/feat/login`, 1 ahead, 0 behind to `origin/other`, 1 ahead, 0 behind",
    ]);
  });

  it("reports warnings that appeared and cleared, by code", () => {
    const previous = buildScan({ warnings: [{ code: "detached_head", message: "HEAD is detached" }] });
    const current = buildScan({
      warnings: [
        { code: "conflicts", message: "2 files have conflicts" },
        { code: "behind_upstream", message: "5 commits behind" },
      ],
    });
    expect(describeScanChanges({ previous, current })).toEqual([
      "Warning appeared: `conflicts` (2 files have conflicts)",
      "Warning appeared: `behind_upstream` (5 commits behind)",
      "Warning cleared: `detached_head`",
    ]);
  });

  it("keeps a fixed order when several things changed", () => {
    const current = buildScan({
      branch: "main",
      head: { sha: "c".repeat(40), shortSha: "ccccccc", subject: "Merge", committedAt: "2025-01-04T00:00:00Z" },
      dirty: { staged: 1, unstaged: 2, untracked: 0, conflicted: 0 },
      upstream: { name: "origin/feat/login", ahead: 3, behind: 0, isGone: false },
      warnings: [{ code: "locked", message: "locked" }],
    });
    const changes = describeScanChanges({ previous: buildScan(), current });
    expect(changes.map((change) => change.split(" ")[0])).toEqual([
      "Branch",
      "HEAD",
      "Dirty",
      "Ahead/behind",
      "Warning",
    ]);
  });
});

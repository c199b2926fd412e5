import { describe, expect, it } from "vitest";
import type { TidyWorktree } from "@/lib/worktrees/ship-types.ts";
import { planTidy, recheckTidyRemoval } from "./tidy-plan.ts";

const worktree = (overrides: Partial<TidyWorktree>): TidyWorktree => ({
  worktreePath: "/r/wt",
  branch: "feat/wt",
  isMain: false,
  bytes: 1000,
  isPartial: false,
  dependencies: [{ path: "node_modules", bytes: 600, repository: null }],
  isMerged: false,
  isIdle: true,
  blockers: [],
  ...overrides,
});

describe("planTidy", () => {
  const all = { removeMerged: true, deleteDependencies: true };

  it("removes merged worktrees the safe removal allows, whole, and deletes idle ones' dependency folders", () => {
    const actions = planTidy(
      [
        worktree({ worktreePath: "/r/main", isMain: true, isMerged: true }),
        worktree({ worktreePath: "/r/merged", isMerged: true }),
        worktree({ worktreePath: "/r/idle" }),
        worktree({ worktreePath: "/r/busy", isIdle: false, blockers: ["Claude is answering"] }),
        worktree({
          worktreePath: "/r/merged-dirty",
          isMerged: true,
          isIdle: false,
          blockers: ["1 uncommitted change"],
        }),
      ],
      all,
    );
    expect(actions).toEqual([
      { kind: "remove_worktree", worktreePath: "/r/merged", branch: "feat/wt", folders: ["."], bytes: 1000 },
      {
        kind: "delete_dependencies",
        worktreePath: "/r/idle",
        branch: "feat/wt",
        folders: ["node_modules"],
        bytes: 600,
      },
    ]);
  });

  it("keeps a dependency folder that holds a git repository of its own", () => {
    const dependencies = [
      { path: "node_modules", bytes: 600, repository: null },
      { path: "vendor", bytes: 50, repository: "vendor/mylib" },
    ];
    expect(planTidy([worktree({ dependencies })], all)).toMatchObject([{ folders: ["node_modules"], bytes: 600 }]);
    expect(planTidy([worktree({ dependencies: dependencies.slice(1) })], all)).toEqual([]);
  });

  it("does only what was asked", () => {
    const list = [worktree({ worktreePath: "/r/merged", isMerged: true }), worktree({ worktreePath: "/r/idle" })];
    expect(planTidy(list, { removeMerged: false, deleteDependencies: true }).map((a) => a.kind)).toEqual([
      "delete_dependencies",
      "delete_dependencies",
    ]);
    expect(planTidy(list, { removeMerged: true, deleteDependencies: false }).map((a) => a.kind)).toEqual([
      "remove_worktree",
    ]);
  });
});

describe("recheckTidyRemoval", () => {
  it("lets an unchanged merged worktree through", () => {
    expect(recheckTidyRemoval(worktree({ isMerged: true }))).toBeNull();
  });

  it("gives the reason when it became busy, dirty, unmerged or gone", () => {
    expect(recheckTidyRemoval(worktree({ isMerged: true, blockers: ["Claude is answering in this worktree."] }))).toBe(
      "Claude is answering in this worktree.",
    );
    expect(recheckTidyRemoval(worktree({ isMerged: false }))).toContain("has commits the base does not have");
    expect(recheckTidyRemoval(worktree({ isMain: true, isMerged: true }))).toContain("main worktree");
    expect(recheckTidyRemoval(undefined)).toContain("no longer there");
  });
});

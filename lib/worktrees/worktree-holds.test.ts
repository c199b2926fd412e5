import { describe, expect, it } from "vitest";
import { RunManager } from "@/lib/chat/runs/run-manager.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { heldFor, holdWorktrees, whileHolding, type HoldParts } from "./worktree-holds.ts";

/** A real run manager that never starts a run: the holds close and reopen its worktrees. */
const runs = new RunManager({
  execute: () => Promise.reject(new Error("no run starts in these tests")),
  onQueued: () => {},
  onCancelledWhileQueued: (job) => Promise.resolve({ runId: job.runId, assistantMessageId: null, status: "cancelled" }),
});
const holds: HoldParts = { runs, worktreeHolds: new Map() };

describe("worktree holds", () => {
  it("refuses a second operation on any held worktree, saying what is under way, and closes them to runs", () => {
    const release = holdWorktrees(holds, ["/wt/base", "/wt/branch"], {
      kind: "landing",
      doing: "landing feat/a into main",
    });
    expect(runs.closureOf("/wt/base")).toBe("landing");
    expect(runs.closureOf("/wt/branch")).toBe("landing");
    expect(heldFor(holds.worktreeHolds, "/wt/base")).toBe("landing feat/a into main");
    let refusal: unknown;
    try {
      holdWorktrees(holds, ["/wt/other", "/wt/base"], { kind: "removal", doing: "removing this worktree" });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe("conflict");
    expect((refusal as AppError).message).toBe(
      "Arbor is already landing feat/a into main in /wt/base, so it did not start removing this worktree there. Try again once that is done.",
    );
    // The refused hold took nothing, not even the worktree that was free.
    expect(runs.closureOf("/wt/other")).toBeNull();
    release();
    release();
    expect(runs.closureOf("/wt/base")).toBeNull();
    expect(heldFor(holds.worktreeHolds, "/wt/base")).toBeNull();
    const again = holdWorktrees(holds, ["/wt/base"], { kind: "removal", doing: "removing this worktree" });
    expect(runs.closureOf("/wt/base")).toBe("removal");
    again();
  });

  it("releases the worktrees however the work ends", async () => {
    const failing = whileHolding(holds, ["/wt/x"], { kind: "abort", doing: "aborting the rebase" }, () =>
      Promise.reject(new Error("git failed")),
    );
    await expect(failing).rejects.toThrow("git failed");
    expect(runs.closureOf("/wt/x")).toBeNull();
    await expect(
      whileHolding(holds, ["/wt/x", "/wt/x"], { kind: "landing", doing: "landing" }, () => Promise.resolve(7)),
    ).resolves.toBe(7);
    expect(runs.closureOf("/wt/x")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { getRunManager } from "@/lib/chat/runs/chat-runtime.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { holdWorktrees, whileHolding } from "./worktree-holds.ts";

describe("worktree holds", () => {
  it("refuses a second operation on any held worktree, saying what is under way, and closes them to runs", () => {
    const release = holdWorktrees(["/wt/base", "/wt/branch"], { kind: "landing", doing: "landing feat/a into main" });
    expect(getRunManager().closureOf("/wt/base")).toBe("landing");
    expect(getRunManager().closureOf("/wt/branch")).toBe("landing");
    let refusal: unknown;
    try {
      holdWorktrees(["/wt/other", "/wt/base"], { kind: "removal", doing: "removing this worktree" });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe("conflict");
    expect((refusal as AppError).message).toBe(
      "Arbor is already landing feat/a into main in /wt/base, so it did not start removing this worktree there. Try again once that is done.",
    );
    // The refused hold took nothing, not even the worktree that was free.
    expect(getRunManager().closureOf("/wt/other")).toBeNull();
    release();
    release();
    expect(getRunManager().closureOf("/wt/base")).toBeNull();
    const again = holdWorktrees(["/wt/base"], { kind: "removal", doing: "removing this worktree" });
    expect(getRunManager().closureOf("/wt/base")).toBe("removal");
    again();
  });

  it("releases the worktrees however the work ends", async () => {
    const failing = whileHolding(["/wt/x"], { kind: "abort", doing: "aborting the rebase" }, () =>
      Promise.reject(new Error("git failed")),
    );
    await expect(failing).rejects.toThrow("git failed");
    expect(getRunManager().closureOf("/wt/x")).toBeNull();
    await expect(
      whileHolding(["/wt/x", "/wt/x"], { kind: "landing", doing: "landing" }, () => Promise.resolve(7)),
    ).resolves.toBe(7);
    expect(getRunManager().closureOf("/wt/x")).toBeNull();
  });
});

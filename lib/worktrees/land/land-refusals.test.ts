import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors/app-error.ts";
import { assertLandable } from "./land-refusals.ts";
import type { LandCheck } from "@/lib/worktrees/worktree-types.ts";

const clean: LandCheck = {
  worktreePath: "/w/feat",
  branch: "feat/x",
  base: "main",
  baseCommit: "a".repeat(40),
  mergeTree: "t".repeat(40),
  status: "clean",
  conflictingFiles: [],
  conflictingFileCount: 0,
  commitsToLand: 1,
  baseAhead: 0,
  baseWorktreePath: "/w/main",
  blockers: [],
};

function refusal(check: LandCheck): { message: string; details: unknown } {
  try {
    assertLandable(check, { method: "merge" });
  } catch (error) {
    if (isAppError(error)) return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("assertLandable", () => {
  it("lets a clean check with nothing in the way land", () => {
    expect(() => assertLandable(clean, { method: "merge" })).not.toThrow();
  });

  it("names the one file that would conflict", () => {
    const { message } = refusal({
      ...clean,
      status: "conflicts",
      conflictingFiles: ["a.txt"],
      conflictingFileCount: 1,
    });
    expect(message).toBe(
      "feat/x was not landed: merging it into main would conflict in a.txt. Merge main into the branch in its worktree and resolve the conflicts there first.",
    );
  });

  it("names a few of thousands of conflicting files, then the count, in a short message", () => {
    const listed = Array.from({ length: 100 }, (_, index) => `src/file-${index}.txt`);
    const { message, details } = refusal({
      ...clean,
      status: "conflicts",
      conflictingFiles: listed,
      conflictingFileCount: 12_000,
    });
    expect(message).toMatch(
      /^feat\/x was not landed: merging it into main would conflict in 12000 files \(src\/file-0\.txt, .*src\/file-9\.txt and 11990 more\)\. Merge main into the branch/,
    );
    expect(message.length).toBeLessThan(600);
    expect(details).toEqual({ conflictingFiles: listed, conflictingFileCount: 12_000 });
  });
});
